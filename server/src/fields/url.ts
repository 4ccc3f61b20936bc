import { decodeDomains, domainsDefaults, validateDomains, type DomainsOptions } from "./domains.js";
import { COLUMN, type FieldDef } from "./types.js";

export type UrlOptions = DomainsOptions;

export const url: FieldDef<UrlOptions> = {
  type: "url",
  defaults: domainsDefaults,
  decode: decodeDomains,
  validate: (o) => validateDomains(o),
  toJSON: (o) => ({ exceptDomains: o.exceptDomains, onlyDomains: o.onlyDomains }),
  isMultiple: () => false,
  columnType: () => COLUMN.text,
  zeroValue: () => "",
};
