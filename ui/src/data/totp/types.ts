/** The answer of a TOTP setup call, shown once: the secret, its otpauth:// address and the recovery codes. */
export interface TotpSetup {
  secret: string;
  uri: string;
  recoveryCodes: string[];
}

/** Whether an admin or auth record, as the server answers it, has a confirmed authenticator app. */
export function hasTotp(model: Record<string, unknown> | null | undefined): boolean {
  if (!model) return false;
  const v = model.totp;
  if (typeof v === "boolean") return v;
  if (v && typeof v === "object") return !!(v as { enabled?: unknown }).enabled;
  return !!model.totpEnabled;
}
