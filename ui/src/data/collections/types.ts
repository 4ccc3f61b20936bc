/** Collection and schema field shapes of the PocketBase v0.22 collections API. */
export type CollectionType = "base" | "auth" | "view";

export const FIELD_TYPES = ["text", "editor", "number", "bool", "email", "url", "date", "select", "file", "relation", "json"] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export type FieldOptions = Record<string, unknown>;

export interface SchemaField {
  id: string;
  name: string;
  type: FieldType | string;
  system: boolean;
  required: boolean;
  presentable: boolean;
  unique?: boolean;
  nullable?: boolean;
  options: FieldOptions;
}

export type RuleName = "listRule" | "viewRule" | "createRule" | "updateRule" | "deleteRule";

export interface Collection {
  id: string;
  created: string;
  updated: string;
  name: string;
  type: CollectionType;
  system: boolean;
  schema: SchemaField[];
  indexes: string[];
  listRule: string | null;
  viewRule: string | null;
  createRule: string | null;
  updateRule: string | null;
  deleteRule: string | null;
  options: Record<string, unknown>;
}

export interface AuthOptions {
  allowUsernameAuth: boolean;
  allowEmailAuth: boolean;
  allowOAuth2Auth: boolean;
  minPasswordLength: number | null;
  requireEmail: boolean;
  onlyVerified: boolean;
  exceptEmailDomains: string[] | null;
  onlyEmailDomains: string[] | null;
  manageRule: string | null;
}
