import { bool } from "./bool.js";
import { date } from "./date.js";
import { editor } from "./editor.js";
import { email } from "./email.js";
import { file } from "./file.js";
import { json } from "./json.js";
import { number } from "./number.js";
import { relation } from "./relation.js";
import { select } from "./select.js";
import { text } from "./text.js";
import { url } from "./url.js";
import type { FieldDef, FieldType, SchemaField } from "./types.js";

export { FIELD_TYPES, isFieldType, type ColumnKind, type FieldType, type SchemaField, type FieldDef } from "./types.js";
export type { TextOptions } from "./text.js";
export type { NumberOptions } from "./number.js";
export type { EditorOptions } from "./editor.js";
export type { EmailOptions } from "./email.js";
export type { UrlOptions } from "./url.js";
export type { DateOptions } from "./date.js";
export type { SelectOptions } from "./select.js";
export type { JsonOptions } from "./json.js";
export type { FileOptions } from "./file.js";
export type { RelationOptions } from "./relation.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const DEFS: Record<FieldType, FieldDef<any>> = { text, number, bool, email, url, editor, date, select, json, file, relation };

/** The module of a field type. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function fieldDef(type: FieldType): FieldDef<any> {
  return DEFS[type];
}

/** The field as the API shows it (options in the reference's key order). */
export function fieldJson(f: SchemaField<object>) {
  return {
    system: f.system,
    id: f.id,
    name: f.name,
    type: f.type,
    required: f.required,
    presentable: f.presentable,
    unique: f.unique,
    options: fieldDef(f.type).toJSON(f.options),
  };
}

export const isMultipleField = (f: SchemaField<object>) => fieldDef(f.type).isMultiple(f.options);
export const columnKind = (f: SchemaField<object>) => fieldDef(f.type).columnKind(f.options);
export const zeroValue = (f: SchemaField<object>) => fieldDef(f.type).zeroValue(f.options);
