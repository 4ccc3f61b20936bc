import { isEmailFormat } from "../tools/formats.js";
import { verr, type VError } from "./errors.js";
import { domainAllowed, domainsFieldDef, type DomainsOptions } from "./domains.js";
import type { FieldDef } from "./types.js";

export type EmailOptions = DomainsOptions;

export const email: FieldDef<EmailOptions> = domainsFieldDef("email");

/** Checks a (non-empty) email value: its format, then the domain lists. */
export function validateEmailValue(o: EmailOptions, value: string): VError | null {
  if (value === "") return null;
  if (!isEmailFormat(value)) return verr("validation_invalid_email", "Must be a valid email");
  const domain = value.slice(value.lastIndexOf("@") + 1);
  if (!domainAllowed(o, domain)) return verr("validation_email_domain_not_allowed", "Email domain is not allowed");
  return null;
}
