import { decodeStruct } from "../fields/decode.js";
import { compact, DecodeError, V, type VErrors } from "../fields/errors.js";
import { validateDomains } from "../fields/domains.js";
import type { AuthOptions, ViewOptions } from "../models/collection.js";

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

/** The stored (and shown) options of each type: all auth keys, the view query, nothing for base. */
export function normalizedOptions(type: string, raw: Record<string, unknown> | null): Record<string, unknown> {
  if (type === "auth") {
    const o = decodeAuthOptions(raw);
    return Object.fromEntries(Object.keys(AUTH_DEFAULTS).sort().map((k) => [k, o[k as keyof AuthOptions]]));
  }
  if (type === "view") return { query: decodeViewOptions(raw).query };
  return {};
}
