import { decodeStruct } from "./decode.js";
import { isDomain } from "./domain.js";
import { compact, V, type VErrors } from "./errors.js";
import type { FieldDef } from "./types.js";

/** The `exceptDomains` / `onlyDomains` options shared by email and url fields. */
export interface DomainsOptions {
  exceptDomains: string[] | null;
  onlyDomains: string[] | null;
}

const SHAPE = { exceptDomains: "stringList", onlyDomains: "stringList" } as const;

export const domainsDefaults = (): DomainsOptions => ({ exceptDomains: null, onlyDomains: null });
export const decodeDomains = (raw: unknown) => decodeStruct(SHAPE, domainsDefaults(), raw);

/** Each list must be empty while the other is set; otherwise each entry must be a domain. */
export function domainListErrors(list: string[] | null, other: string[] | null) {
  if (other && other.length > 0) return list && list.length > 0 ? V.empty() : null;
  const errs: VErrors = {};
  (list ?? []).forEach((d, i) => {
    if (d !== "" && !isDomain(d)) errs[String(i)] = V.domain();
  });
  return compact(errs);
}

export function validateDomains(o: DomainsOptions, keys = { except: "exceptDomains", only: "onlyDomains" }): VErrors | null {
  const errs: VErrors = {};
  const except = domainListErrors(o.exceptDomains, o.onlyDomains);
  if (except) errs[keys.except] = except;
  const only = domainListErrors(o.onlyDomains, o.exceptDomains);
  if (only) errs[keys.only] = only;
  return compact(errs);
}

/** Whether a value's domain passes the lists (exceptDomains refuses, onlyDomains restricts). */
export function domainAllowed(o: DomainsOptions, domain: string): boolean {
  if (o.exceptDomains && o.exceptDomains.length > 0 && o.exceptDomains.includes(domain)) return false;
  if (o.onlyDomains && o.onlyDomains.length > 0 && !o.onlyDomains.includes(domain)) return false;
  return true;
}

/** The field definition shared by the text fields whose only options are the domain lists (email, url). */
export function domainsFieldDef(type: "email" | "url"): FieldDef<DomainsOptions> {
  return {
    type,
    defaults: domainsDefaults,
    decode: decodeDomains,
    validate: (o) => validateDomains(o),
    toJSON: (o) => ({ exceptDomains: o.exceptDomains, onlyDomains: o.onlyDomains }),
    isMultiple: () => false,
    columnKind: () => "text",
    zeroValue: () => "",
  };
}
