import type { Caller } from "../auth/caller.js";
import { zeroValue } from "../fields/index.js";
import type { CollectionModel } from "../models/collection.js";
import { loadBody } from "./form.js";
import type { RecordData } from "../models/record.js";

/** A submitted body as `@request.data` reads it: its values and a multipart form's texts. */
export interface RuleDataBody {
  data: unknown;
  texts?: ReadonlyMap<string, readonly string[]>;
}

/** A multipart text as the reference types it for rules: `true`/`false` as booleans, numerals as numbers. */
function formScalar(v: string): unknown {
  if (v === "true") return true;
  if (v === "false") return false;
  if (/^-?[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?$/.test(v)) return Number(v);
  return v;
}

/**
 * The submitted values as `@request.data` reads them: JSON (and `@jsonPayload` values) as
 * sent; multipart texts typed as the reference types them (`true`/`false` booleans,
 * numerals numbers, whatever the field), a repeated key as the list of all its values.
 * Uploads are not part of it (v0.22 reads only the form's text values).
 */
export function ruleData(c: CollectionModel, body: RuleDataBody, current?: RecordData): Record<string, unknown> {
  const data = body.data;
  if (!data || typeof data !== "object" || Array.isArray(data)) return {};
  const out: Record<string, unknown> = { ...(data as Record<string, unknown>) };
  for (const [k, values] of body.texts ?? []) out[k] = values.length === 1 ? formScalar(values[0]) : values.map(formScalar);
  return withResolvedModifiers(c, data as Record<string, unknown>, out, current);
}

/** The caller with `@request.data` set from a submitted body. */
export function callerWithData(c: CollectionModel, body: RuleDataBody, who: Caller, current?: RecordData): Caller {
  return { ...who, info: { ...who.info, data: ruleData(c, body, current) } };
}

/**
 * `@request.data.field` for a field sent with modifiers (`field+`, `field-`) is the
 * value the modifiers produce, as the reference resolves it: applied to the current record
 * on update, to the field's zero value on create (`files-` drops names; `files+` leaves the
 * current names). Other values stay as sent. `+field` is no modifier in v0.22: it stays an
 * unknown key.
 */
export function withResolvedModifiers(c: CollectionModel, sent: Record<string, unknown>, out: Record<string, unknown>, current?: RecordData): Record<string, unknown> {
  const modified = c.schema.filter((f) => [`${f.name}+`, `${f.name}-`].some((k) => k in sent));
  if (modified.length === 0) return out;
  const base: RecordData = current ? { ...current } : { id: "", created: "", updated: "" };
  if (!current) for (const f of c.schema) base[f.name] = zeroValue(f);
  try {
    const form = loadBody(c, base, sent);
    for (const f of modified) out[f.name] = form.data[f.name];
  } catch {
    // An unloadable body fails later with the reference's load error; the rule data stays as sent.
  }
  return out;
}
