/** Length of the random secret that invalidates every token of a kind. */
export const TOKEN_SECRET_LENGTH = 50;

export const RECORD_TOKENS = [
  { key: "recordAuthToken", label: "Auth record authentication token" },
  { key: "recordVerificationToken", label: "Auth record email verification token" },
  { key: "recordPasswordResetToken", label: "Auth record password reset token" },
  { key: "recordEmailChangeToken", label: "Auth record email change token" },
  { key: "recordFileToken", label: "Records protected file access token" },
] as const;

export const ADMIN_TOKENS = [
  { key: "adminAuthToken", label: "Admins auth token" },
  { key: "adminPasswordResetToken", label: "Admins password reset token" },
  { key: "adminFileToken", label: "Admins protected file access token" },
] as const;

export interface TokenForm {
  duration: number | string;
  /** Set only when a new secret was generated (invalidating the issued tokens). */
  secret?: string;
}

const ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

export function randomSecret(length = TOKEN_SECRET_LENGTH): string {
  const bytes = new Uint32Array(length);
  crypto.getRandomValues(bytes);
  let out = "";
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return out;
}

/** The form copy: every token kind with its duration (0 when missing); stored secrets are not part of it. */
export function pickTokens(settings: Record<string, unknown>): Record<string, TokenForm> {
  const out: Record<string, TokenForm> = {};
  for (const { key } of [...RECORD_TOKENS, ...ADMIN_TOKENS]) {
    const v = settings[key] as { duration?: unknown } | undefined;
    out[key] = { duration: typeof v?.duration === "number" ? v.duration : 0 };
  }
  return out;
}

/** 'Invalidate all previously issued tokens' toggles a new random secret on and off. */
export function toggleSecret(token: TokenForm): TokenForm {
  if (token.secret) {
    const rest = { ...token };
    delete rest.secret;
    return rest;
  }
  return { ...token, secret: randomSecret() };
}

/** The PATCH body: every token kind, durations as numbers, a secret only where generated. */
export function tokensPayload(form: Record<string, TokenForm>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(form)) out[key] = { duration: Number(v.duration), ...(v.secret ? { secret: v.secret } : {}) };
  return out;
}
