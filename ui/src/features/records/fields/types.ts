import type { Collection, SchemaField } from "../../../data/collections/types";
import type { RecordData } from "../recordModel";

export interface FieldInputProps {
  field: SchemaField;
  value: unknown;
  onChange: (v: unknown) => void;
  /** The panel's collection and all collections (relations, file picker). */
  collection: Collection;
  collections: Collection[];
  record: RecordData;
  /** A client-side error (server errors come from the form-errors store by field name). */
  error?: string;
}

/** The field's label text with its type hint. */
export function fieldLabel(field: SchemaField): string {
  return field.name;
}
