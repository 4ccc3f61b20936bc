import { VALIDATION_MESSAGES } from "./validation";

export const CODE_FORMAT = "Enter the 6 digits of the code.";

/** What a code field sends: the spaces a user copies with the digits dropped. */
export function normalizeTotpCode(v: string): string {
  return v.replace(/\s+/g, "");
}

/** A 6-digit authenticator app code, or (recovery) any non-blank recovery code. */
export function validateCode(code: string, recovery: boolean): string {
  const c = normalizeTotpCode(code);
  if (recovery) return c ? "" : VALIDATION_MESSAGES.required;
  return /^\d{6}$/.test(c) ? "" : CODE_FORMAT;
}

/** Keeps only what a 6-digit code field accepts while typing (digits and spaces). */
export function codeInputValue(v: string): string {
  return v.replace(/[^\d\s]/g, "");
}
