import { decodeStruct } from "../fields/decode.js";
import { compact, DecodeError, V, type VErrors } from "../fields/errors.js";
import { validateDomains } from "../fields/domains.js";
import { MFA_DEFAULTS, OTP_DEFAULTS, type AuthOptions, type MfaOptions, type OtpOptions, type ViewOptions } from "../models/collection.js";

/** Reads the options of a collection type from their JSON object (the reference decodes them into a typed struct). */
const AUTH_SHAPE = {
  allowEmailAuth: "bool",
  allowOAuth2Auth: "bool",
  allowUsernameAuth: "bool",
  exceptEmailDomains: "stringList",
  minPasswordLength: "int",
  onlyEmailDomains: "stringList",
  onlyVerified: "bool",
  requireEmail: "bool",
} as const;

const AUTH_DEFAULTS: AuthOptions = {
  allowEmailAuth: false,
  allowOAuth2Auth: false,
  allowUsernameAuth: false,
  exceptEmailDomains: null,
  manageRule: null,
  minPasswordLength: 0,
  onlyEmailDomains: null,
  onlyVerified: false,
  requireEmail: false,
};

/** Throws DecodeError when a value has the wrong type. */
export function decodeAuthOptions(raw: Record<string, unknown> | null): AuthOptions {
  const out = decodeStruct(AUTH_SHAPE, { ...AUTH_DEFAULTS }, raw ?? {});
  // manageRule is a nullable string: null clears it, a string sets it.
  for (const [k, v] of Object.entries(raw ?? {})) {
    if (k.toLowerCase() !== "managerule") continue;
    if (v !== null && typeof v !== "string") throw new DecodeError("manageRule must be a string");
    out.manageRule = v as string | null;
  }
  return out;
}

export function decodeViewOptions(raw: Record<string, unknown> | null): ViewOptions {
  return decodeStruct({ query: "string" }, { query: "" }, raw ?? {});
}

/** The option checks that need no database (the manage rule is checked by the caller). */
export function validateAuthOptions(o: AuthOptions): VErrors | null {
  const errs: VErrors = {};
  const n = o.minPasswordLength;
  if (n === 0 && (o.allowUsernameAuth || o.allowEmailAuth)) errs.minPasswordLength = V.required();
  else if (n !== 0 && n < 5) errs.minPasswordLength = V.min(5);
  else if (n > 72) errs.minPasswordLength = V.max(72);
  Object.assign(errs, validateDomains({ exceptDomains: o.exceptEmailDomains, onlyDomains: o.onlyEmailDomains }, { except: "exceptEmailDomains", only: "onlyEmailDomains" }) ?? {});
  if (o.manageRule === "") errs.manageRule = V.nilOrNotEmpty();
  return compact(errs);
}

// ---------------------------------------------------------------- otp and mfa (beyond v0.22)

/** The longest OTP and MFA windows (a day), and the code lengths a mail can carry. */
const MAX_DURATION = 86400;
const OTP_LENGTH = { min: 4, max: 12 };

/** The submitted value of an option key, matched ignoring case as the other option keys are. */
function rawKey(raw: Record<string, unknown> | null, key: string): unknown {
  for (const [k, v] of Object.entries(raw ?? {})) if (k.toLowerCase() === key) return v;
  return undefined;
}

/** `otp` and `mfa` as submitted (undefined: not set, kept out of the stored options so v0.22 data reads the same). */
export interface FactorOptions {
  otp?: OtpOptions;
  mfa?: MfaOptions;
}

/**
 * Reads `options.otp` and `options.mfa` over their defaults, with field errors (400) for
 * values of the wrong type or out of range instead of a decode failure.
 */
export function decodeFactorOptions(raw: Record<string, unknown> | null): { value: FactorOptions; errors: VErrors | null } {
  const errors: VErrors = {};
  const value: FactorOptions = {};
  const group = (key: "otp" | "mfa"): Record<string, unknown> | null | undefined => {
    const v = rawKey(raw, key);
    if (v === undefined || v === null) return v as undefined | null;
    if (typeof v !== "object" || Array.isArray(v)) {
      errors[key] = verrInvalid();
      return undefined;
    }
    return v as Record<string, unknown>;
  };
  const otp = group("otp");
  if (otp) {
    const e: VErrors = {};
    const o: OtpOptions = { ...OTP_DEFAULTS };
    const enabled = rawKey(otp, "enabled");
    if (enabled !== undefined && enabled !== null) typeof enabled === "boolean" ? (o.enabled = enabled) : (e.enabled = verrInvalid());
    readInt(rawKey(otp, "duration"), 1, MAX_DURATION, e, "duration", (n) => (o.duration = n));
    readInt(rawKey(otp, "length"), OTP_LENGTH.min, OTP_LENGTH.max, e, "length", (n) => (o.length = n));
    if (Object.keys(e).length) errors.otp = e;
    else value.otp = o;
  }
  const mfa = group("mfa");
  if (mfa) {
    const e: VErrors = {};
    const m: MfaOptions = { ...MFA_DEFAULTS };
    const enabled = rawKey(mfa, "enabled");
    if (enabled !== undefined && enabled !== null) typeof enabled === "boolean" ? (m.enabled = enabled) : (e.enabled = verrInvalid());
    readInt(rawKey(mfa, "duration"), 1, MAX_DURATION, e, "duration", (n) => (m.duration = n));
    const rule = rawKey(mfa, "rule");
    if (rule !== undefined && rule !== null) typeof rule === "string" ? (m.rule = rule) : (e.rule = verrInvalid());
    if (Object.keys(e).length) errors.mfa = e;
    else value.mfa = m;
  }
  return { value, errors: Object.keys(errors).length ? errors : null };
}

const verrInvalid = () => V.in();

function readInt(v: unknown, min: number, max: number, errs: VErrors, key: string, set: (n: number) => void): void {
  if (v === undefined || v === null) return;
  if (typeof v !== "number" || !Number.isInteger(v)) errs[key] = V.in();
  else if (v < min) errs[key] = V.min(min);
  else if (v > max) errs[key] = V.max(max);
  else set(v);
}

/** The stored (and shown) options of each type: all auth keys, the view query, nothing for base. */
export function normalizedOptions(type: string, raw: Record<string, unknown> | null): Record<string, unknown> {
  if (type === "auth") {
    const o = decodeAuthOptions(raw);
    const out: Record<string, unknown> = Object.fromEntries(Object.keys(AUTH_DEFAULTS).map((k) => [k, o[k as keyof AuthOptions]]));
    // otp and mfa only once set: a collection that never used them stores what v0.22 stores.
    const { value } = decodeFactorOptions(raw);
    if (value.otp) out.otp = value.otp;
    if (value.mfa) out.mfa = value.mfa;
    return Object.fromEntries(Object.keys(out).sort().map((k) => [k, out[k]]));
  }
  if (type === "view") return { query: decodeViewOptions(raw).query };
  return {};
}
