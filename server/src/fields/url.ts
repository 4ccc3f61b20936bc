import { goUrlParse, isUrl } from "../tools/formats.js";
import { verr, type VError } from "./errors.js";
import { domainAllowed, domainsFieldDef, type DomainsOptions } from "./domains.js";
import type { FieldDef } from "./types.js";

export type UrlOptions = DomainsOptions;

export const url: FieldDef<UrlOptions> = domainsFieldDef("url");

/** The host name of a URL (without port), as the reference compares it with the domain lists. */
function urlHostname(value: string): string {
  const parsed = goUrlParse(value);
  if (!parsed) return "";
  let host = parsed.host;
  if (host.startsWith("[")) return host.slice(1, host.indexOf("]"));
  const colon = host.lastIndexOf(":");
  if (colon !== -1) host = host.slice(0, colon);
  return host;
}

/** Checks a (non-empty) url value: its format, then the domain lists. */
export function validateUrlValue(o: UrlOptions, value: string): VError | null {
  if (value === "") return null;
  if (!isUrl(value)) return verr("validation_invalid_url", "Must be a valid url");
  if (!domainAllowed(o, urlHostname(value))) return verr("validation_url_domain_not_allowed", "Url domain is not allowed");
  return null;
}
