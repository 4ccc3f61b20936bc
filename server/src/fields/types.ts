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

/**
 * How a field's values are stored: one text, number or bool, JSON text, or a JSON array of
 * values. The storage engine gives each kind its column definition (db/ SchemaEditor).
 */
export type ColumnKind = "text" | "number" | "bool" | "json" | "multiple";

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
  /** How the values are stored (the engine turns it into a column definition). */
  columnKind(o: O): ColumnKind;
  /** A record's value for the field when none is set. */
  zeroValue(o: O): unknown;
}
