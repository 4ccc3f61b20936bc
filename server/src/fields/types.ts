import type { VErrors } from "./errors.js";

export const FIELD_TYPES = ["text", "number", "bool", "email", "url", "editor", "date", "select", "json", "file", "relation"] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const isFieldType = (t: unknown): t is FieldType => typeof t === "string" && (FIELD_TYPES as readonly string[]).includes(t);

/** One field of a collection schema, as stored in `_collections.schema` and shown by the API. */
export interface SchemaField<O extends object = Record<string, unknown>> {
  system: boolean;
  id: string;
  name: string;
  type: FieldType;
  required: boolean;
  presentable: boolean;
  unique: boolean;
  options: O;
}

/** Column definitions the reference gives record table columns. */
export const COLUMN = {
  text: "TEXT DEFAULT '' NOT NULL",
  number: "NUMERIC DEFAULT 0 NOT NULL",
  bool: "BOOLEAN DEFAULT FALSE NOT NULL",
  json: "JSON DEFAULT NULL",
  multiple: "JSON DEFAULT '[]' NOT NULL",
} as const;

/** What each field type module provides. */
export interface FieldDef<O extends object> {
  readonly type: FieldType;
  /** The options a field gets when none are given (all zero values). */
  defaults(): O;
  /** Reads raw options over the defaults, Go-style; throws DecodeError on a type mismatch. */
  decode(raw: unknown): O;
  /** Checks the options on their own (no database lookups); null when valid. */
  validate(o: O): VErrors | null;
  /** The options as JSON, keys in the reference's order. */
  toJSON(o: O): Record<string, unknown>;
  /** True when values are stored as a JSON array. */
  isMultiple(o: O): boolean;
  /** The SQLite column definition (type, default, constraints). */
  columnType(o: O): string;
  /** A record's value for the field when none is set. */
  zeroValue(o: O): unknown;
}
