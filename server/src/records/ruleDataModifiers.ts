import { zeroValue } from "../fields/index.js";
import type { CollectionModel } from "../models/collection.js";
import { loadBody } from "./form.js";
import type { RecordData } from "../models/record.js";

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
