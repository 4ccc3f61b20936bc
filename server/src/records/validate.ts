import { isMultipleField, type SchemaField } from "../fields/index.js";
import type { DateOptions, EmailOptions, FileOptions, JsonOptions, NumberOptions, RelationOptions, SelectOptions, TextOptions, UrlOptions } from "../fields/index.js";
import { validateDateValue } from "../fields/date.js";
import { validateEmailValue } from "../fields/email.js";
import { verr, type VError, type VErrors } from "../fields/errors.js";
import { validateFileCount } from "../fields/file.js";
import { isBlankJson, validateJsonValue } from "../fields/json.js";
import { validateNumberValue } from "../fields/number.js";
import { validateRelationCount } from "../fields/relation.js";
import { validateSelectValue } from "../fields/select.js";
import { validateTextValue } from "../fields/text.js";
import { validateUrlValue } from "../fields/url.js";
import type { CollectionModel } from "../models/collection.js";
import type { RecordData } from "../models/record.js";

export interface ValidateDeps {
  /** How many of `ids` exist in the collection `collectionId` (-1 when it does not exist). */
  countExisting(collectionId: string, ids: string[]): Promise<number>;
}

const list = (v: unknown): string[] => (Array.isArray(v) ? (v as string[]) : typeof v === "string" && v !== "" ? [v] : []);

/** Whether a value is blank for the `required` check (0 and false count as blank, as in the reference). */
export function isBlank(f: SchemaField<object>, v: unknown): boolean {
  if (f.type === "json") return isBlankJson(v);
  if (v === null || v === undefined || v === "" || v === 0 || v === false) return true;
  if (Array.isArray(v)) return v.length === 0;
  return false;
}

/** A number the reference cannot encode (Inf, NaN): its save fails with a bare bad request. */
export class NonFiniteNumberError extends Error {
  constructor(readonly field: string) {
    super("non-finite number");
  }
}

const missingRel = () => verr("validation_missing_rel_records", "Failed to find all relation records with the provided ids");

/** One field's value error (null when valid). */
export async function validateFieldValue(f: SchemaField<object>, v: unknown, deps: ValidateDeps): Promise<VError | null> {
  if (f.required && isBlank(f, v)) return verr("validation_required", "Missing required value");
  switch (f.type) {
    case "text":
    case "editor":
      return f.type === "text" ? validateTextValue(f.options as TextOptions, String(v ?? "")) : null;
    case "number": {
      const n = Number(v);
      if (!Number.isFinite(n)) throw new NonFiniteNumberError(f.name);
      return validateNumberValue(f.options as NumberOptions, n);
    }
    case "email":
      return validateEmailValue(f.options as EmailOptions, String(v ?? ""));
    case "url":
      return validateUrlValue(f.options as UrlOptions, String(v ?? ""));
    case "date":
      return validateDateValue(f.options as DateOptions, String(v ?? ""));
    case "select":
      return validateSelectValue(f.options as SelectOptions, isMultipleField(f) ? list(v) : String(v ?? ""));
    case "json":
      return v === null ? null : validateJsonValue(f.options as JsonOptions, v);
    case "file":
      return validateFileCount(f.options as FileOptions, list(v));
    case "relation": {
      const o = f.options as RelationOptions;
      const ids = list(v);
      const countErr = validateRelationCount(o, ids);
      if (countErr) return countErr;
      if (ids.length > 0 && (await deps.countExisting(o.collectionId, ids)) !== ids.length) return missingRel();
      return null;
    }
    default:
      return null;
  }
}

/** The field errors of a record's schema values (null when valid). */
export async function validateRecordData(c: CollectionModel, data: RecordData, deps: ValidateDeps): Promise<VErrors | null> {
  const errs: VErrors = {};
  for (const f of c.schema) {
    const e = await validateFieldValue(f, data[f.name], deps);
    if (e) errs[f.name] = e;
  }
  return Object.keys(errs).length ? errs : null;
}
