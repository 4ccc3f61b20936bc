/** Client-side validation messages (worded like the server's field errors). */
export const VALIDATION_MESSAGES = {
  required: "Cannot be blank.",
  email: "Must be a valid email address.",
  minLength: (n: number) => `Must be at least ${n} characters.`,
  mismatch: "Values don't match.",
  number: "Must be a number.",
  integer: "Must be a whole number.",
  range: (min: number, max: number) => `Must be between ${min} and ${max}.`,
  min: (min: number) => `Must be no less than ${min}.`,
} as const;

export const MIN_ADMIN_PASSWORD_LENGTH = 10;
export const PASSWORD_HINT = `Minimum ${MIN_ADMIN_PASSWORD_LENGTH} characters.`;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type Errors<K extends string> = Partial<Record<K, string>>;

export function required(v: unknown): string {
  return v === undefined || v === null || String(v).trim() === "" ? VALIDATION_MESSAGES.required : "";
}

export function email(v: string): string {
  return required(v) || (EMAIL_RE.test(v.trim()) ? "" : VALIDATION_MESSAGES.email);
}

export function minLength(v: string, n: number): string {
  return required(v) || (v.length < n ? VALIDATION_MESSAGES.minLength(n) : "");
}

/** A required number (integer) within optional bounds. */
export function number(v: string | number, opts: { min?: number; max?: number; integer?: boolean } = {}): string {
  const r = required(v);
  if (r) return r;
  const n = typeof v === "number" ? v : Number(String(v).trim());
  if (!Number.isFinite(n)) return VALIDATION_MESSAGES.number;
  if (opts.integer && !Number.isInteger(n)) return VALIDATION_MESSAGES.integer;
  if (opts.min !== undefined && opts.max !== undefined && (n < opts.min || n > opts.max)) return VALIDATION_MESSAGES.range(opts.min, opts.max);
  if (opts.min !== undefined && n < opts.min) return VALIDATION_MESSAGES.min(opts.min);
  return "";
}

export function hasErrors(errors: Record<string, string | undefined>): boolean {
  return Object.values(errors).some(Boolean);
}

/** First-admin form: email required + email; password and confirm required, min 10, equal. */
export function validateFirstAdmin(v: { email: string; password: string; passwordConfirm: string }): Errors<"email" | "password" | "passwordConfirm"> {
  const errors: Errors<"email" | "password" | "passwordConfirm"> = {
    email: email(v.email),
    password: minLength(v.password, MIN_ADMIN_PASSWORD_LENGTH),
    passwordConfirm: minLength(v.passwordConfirm, MIN_ADMIN_PASSWORD_LENGTH),
  };
  if (!errors.passwordConfirm && v.password !== v.passwordConfirm) errors.passwordConfirm = VALIDATION_MESSAGES.mismatch;
  return errors;
}

/** Sign-in form: both fields required. */
export function validateSignIn(v: { identity: string; password: string }): Errors<"identity" | "password"> {
  return { identity: required(v.identity), password: required(v.password) };
}

export function validateResetRequest(v: { email: string }): Errors<"email"> {
  return { email: email(v.email) };
}

/** New-password forms (admin and record reset): both required, equal; admins need at least 10. */
export function validateNewPassword(v: { password: string; passwordConfirm: string }, min = 0): Errors<"password" | "passwordConfirm"> {
  const errors: Errors<"password" | "passwordConfirm"> = {
    password: min ? minLength(v.password, min) : required(v.password),
    passwordConfirm: min ? minLength(v.passwordConfirm, min) : required(v.passwordConfirm),
  };
  if (!errors.passwordConfirm && !errors.password && v.password !== v.passwordConfirm) errors.passwordConfirm = VALIDATION_MESSAGES.mismatch;
  return errors;
}

export const LOGS_MIN_LEVEL_RANGE = { min: -100, max: 100 } as const;

/** Logs settings: max days required, numeric, >= 0 (0 disables persistence); min level required, numeric, -100..100. */
export function validateLogsSettings(v: { maxDays: string | number; minLevel: string | number }): Errors<"logs.maxDays" | "logs.minLevel"> {
  return {
    "logs.maxDays": number(v.maxDays, { min: 0, integer: true }),
    "logs.minLevel": number(v.minLevel, { ...LOGS_MIN_LEVEL_RANGE, integer: true }),
  };
}
