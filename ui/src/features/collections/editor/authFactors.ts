/**
 * The one-time password (email code) and multi-factor options of auth collections
 * (`options.otp`, `options.mfa`): defaults, the payload and the client checks. Servers without
 * them (PocketBase v0.22) answer collections without these keys: the editor then hides the
 * sections and sends nothing of them.
 */
import { VALIDATION_MESSAGES } from "../../../lib/validation";

export interface OtpOptions {
  enabled: boolean;
  /** Seconds a code stays valid. */
  duration: number | null;
  /** Digits in a code. */
  length: number | null;
}

export interface MfaOptions {
  enabled: boolean;
  /** Seconds between the first and the second factor. */
  duration: number | null;
  /** A filter choosing who must pass a second factor; empty: everyone. */
  rule: string;
}

export const OTP_DURATION_RANGE = { min: 1, max: 86400, default: 180 } as const;
export const OTP_LENGTH_RANGE = { min: 4, max: 12, default: 8 } as const;
export const MFA_DURATION_RANGE = { min: 1, max: 86400, default: 1800 } as const;

/** Where the OTP mail's template is edited: a setting of the whole app, like the other mail templates. */
export const MAIL_SETTINGS_PATH = "/settings/mail";

export function defaultOtp(): OtpOptions {
  return { enabled: false, duration: OTP_DURATION_RANGE.default, length: OTP_LENGTH_RANGE.default };
}

export function defaultMfa(): MfaOptions {
  return { enabled: false, duration: MFA_DURATION_RANGE.default, rule: "" };
}

/** Whether the server knows these options: the loaded collection, or any auth collection, carries them. */
export function serverHasFactors(options: Record<string, unknown>, authCollectionsOptions: Record<string, unknown>[]): boolean {
  return "otp" in options || "mfa" in options || authCollectionsOptions.some((o) => "otp" in o || "mfa" in o);
}

const numOrNull = (v: unknown): number | null => (v === null || v === undefined || v === "" ? null : Number.isFinite(Number(v)) ? Number(v) : null);

/** The otp options as the form holds them: the server's values over the defaults. */
export function readOtp(v: unknown): OtpOptions {
  const o = (v && typeof v === "object" ? v : {}) as Record<string, unknown>;
  const d = defaultOtp();
  return {
    enabled: !!o.enabled,
    duration: "duration" in o ? numOrNull(o.duration) : d.duration,
    length: "length" in o ? numOrNull(o.length) : d.length,
  };
}

export function readMfa(v: unknown): MfaOptions {
  const o = (v && typeof v === "object" ? v : {}) as Record<string, unknown>;
  const d = defaultMfa();
  return { enabled: !!o.enabled, duration: "duration" in o ? numOrNull(o.duration) : d.duration, rule: typeof o.rule === "string" ? o.rule : "" };
}

/** The payload's `otp` and `mfa` (only when the form has them: a server without them gets neither). */
export function factorsPayload(options: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if ("otp" in options) out.otp = readOtp(options.otp);
  if ("mfa" in options) out.mfa = readMfa(options.mfa);
  return out;
}

type Err = { code: string; message: string };
const err = (message: string, code = "validation_invalid_value"): Err => ({ code, message });

function checkRange(v: number | null, r: { min: number; max: number }): Err | null {
  if (v === null) return err(VALIDATION_MESSAGES.required, "validation_required");
  if (!Number.isInteger(v) || v < r.min || v > r.max) return err(VALIDATION_MESSAGES.range(r.min, r.max));
  return null;
}

/** Client errors keyed like the server's (`options.otp.duration` ...), only for enabled methods. */
export function validateFactors(options: Record<string, unknown>): { otp?: Record<string, unknown>; mfa?: Record<string, unknown> } {
  const out: { otp?: Record<string, unknown>; mfa?: Record<string, unknown> } = {};
  if ("otp" in options) {
    const o = readOtp(options.otp);
    const e: Record<string, unknown> = {};
    if (o.enabled) {
      const d = checkRange(o.duration, OTP_DURATION_RANGE);
      if (d) e.duration = d;
      const l = checkRange(o.length, OTP_LENGTH_RANGE);
      if (l) e.length = l;
    }
    if (Object.keys(e).length) out.otp = e;
  }
  if ("mfa" in options) {
    const m = readMfa(options.mfa);
    if (m.enabled) {
      const d = checkRange(m.duration, MFA_DURATION_RANGE);
      if (d) out.mfa = { duration: d };
    }
  }
  return out;
}

export const MFA_NEEDS_TWO_METHODS = "Multi-factor authentication needs at least two enabled sign-in methods (password, OAuth2, one-time password or an authenticator app).";
