/** The API docs panel's model: which tabs a collection has, and example values built from its schema. */
import type { Collection, SchemaField } from "../../../data/collections/types";
import { isMultiple } from "../editor/editorModel";

export type DocsTabId =
  | "list"
  | "view"
  | "create"
  | "update"
  | "delete"
  | "realtime"
  | "auth-with-password"
  | "auth-with-oauth2"
  | "auth-refresh"
  | "request-verification"
  | "confirm-verification"
  | "request-password-reset"
  | "confirm-password-reset"
  | "request-email-change"
  | "confirm-email-change"
  | "auth-methods"
  | "list-external-auths"
  | "unlink-external-auth"
  | "export"
  | "import"
  | "request-otp"
  | "auth-with-otp"
  | "auth-with-totp"
  | "totp-setup"
  | "totp-confirm"
  | "totp-remove";

export const DOCS_TAB_LABELS: Record<DocsTabId, string> = {
  list: "List/Search",
  view: "View",
  create: "Create",
  update: "Update",
  delete: "Delete",
  realtime: "Realtime",
  "auth-with-password": "Auth with password",
  "auth-with-oauth2": "Auth with OAuth2",
  "auth-refresh": "Auth refresh",
  "request-verification": "Request verification",
  "confirm-verification": "Confirm verification",
  "request-password-reset": "Request password reset",
  "confirm-password-reset": "Confirm password reset",
  "request-email-change": "Request email change",
  "confirm-email-change": "Confirm email change",
  "auth-methods": "List auth methods",
  "list-external-auths": "List OAuth2 accounts",
  "unlink-external-auth": "Unlink OAuth2 account",
  export: "Export",
  import: "Import",
  "request-otp": "Request OTP",
  "auth-with-otp": "Auth with OTP",
  "auth-with-totp": "Auth with TOTP",
  "totp-setup": "Set up TOTP",
  "totp-confirm": "Confirm TOTP",
  "totp-remove": "Remove TOTP",
};

/** Cairn's sign-in factors of auth collections: email OTP, and TOTP as the second method. */
export const FACTOR_DOCS_TABS: DocsTabId[] = ["request-otp", "auth-with-otp", "auth-with-totp", "totp-setup", "totp-confirm", "totp-remove"];

/**
 * Tabs of Cairn's own record endpoints (shown when the server has them): export, and import but
 * for views; auth collections add the OTP and TOTP calls.
 */
export function cairnDocsTabs(c: Pick<Collection, "type">): DocsTabId[] {
  if (c.type === "view") return ["export"];
  return c.type === "auth" ? ["export", "import", ...FACTOR_DOCS_TABS] : ["export", "import"];
}

/**
 * Tabs of a collection: views have List/Search and View only; auth collections add the auth
 * actions (password auth only when username or email auth is allowed, OAuth2 only when allowed).
 */
export function docsTabs(c: Pick<Collection, "type" | "options">): DocsTabId[] {
  if (c.type === "view") return ["list", "view"];
  const tabs: DocsTabId[] = ["list", "view", "create", "update", "delete", "realtime"];
  if (c.type !== "auth") return tabs;
  const o = c.options ?? {};
  if (o.allowUsernameAuth || o.allowEmailAuth) tabs.push("auth-with-password");
  if (o.allowOAuth2Auth) tabs.push("auth-with-oauth2");
  tabs.push(
    "auth-refresh",
    "request-verification",
    "confirm-verification",
    "request-password-reset",
    "confirm-password-reset",
    "request-email-change",
    "confirm-email-change",
    "auth-methods",
    "list-external-auths",
    "unlink-external-auth",
  );
  return tabs;
}

export interface DocParam {
  name: string;
  type: string;
  required?: boolean;
  description: string;
}

export interface DocResponse {
  status: number;
  body: unknown;
}

export interface DocSpec {
  title: string;
  description: string;
  method: "GET" | "POST" | "PATCH" | "DELETE";
  path: string;
  /** Who may call it (from the collection rule, or a fixed requirement). */
  access: string;
  pathParams?: DocParam[];
  queryParams?: DocParam[];
  bodyParams?: DocParam[];
  bodyNote?: string;
  js: string;
  dart: string;
  responses: DocResponse[];
  notes?: string[];
}

export interface DocsEnv {
  baseUrl: string;
  collections: Collection[];
}

export const EXAMPLE_DATE = "2022-01-01 10:00:00.123Z";

/** What a rule means for callers. */
export function ruleAccess(rule: string | null | undefined): string {
  if (rule === null || rule === undefined) return "Admins only: requires an admin Authorization header.";
  if (rule === "") return "Public: anyone may call it.";
  return `Allowed when the rule matches: ${rule}`;
}

/** An example value of a field, from its type and options. */
export function exampleValue(f: Pick<SchemaField, "type" | "options" | "name">): unknown {
  const o = f.options ?? {};
  const many = isMultiple(f);
  switch (f.type) {
    case "text":
      return "test";
    case "editor":
      return "<p>test</p>";
    case "number":
      return 123;
    case "bool":
      return true;
    case "email":
      return "test@example.com";
    case "url":
      return "https://example.com";
    case "date":
      return EXAMPLE_DATE;
    case "select": {
      const values = Array.isArray(o.values) && o.values.length ? (o.values as string[]) : ["optionA"];
      return many ? values.slice(0, Math.max(1, Math.min(values.length, Number(o.maxSelect) || values.length))) : values[0];
    }
    case "file":
      return many ? ["filename.jpg"] : "filename.jpg";
    case "relation":
      return many ? ["RELATION_RECORD_ID"] : "RELATION_RECORD_ID";
    case "json":
      return "JSON";
    default:
      return "test";
  }
}

/** JSON type name of a field for parameter tables. */
export function fieldParamType(f: Pick<SchemaField, "type" | "options">): string {
  const many = isMultiple(f);
  switch (f.type) {
    case "number":
      return "Number";
    case "bool":
      return "Boolean";
    case "json":
      return "JSON";
    case "file":
      return many ? "Array<File>" : "File";
    case "select":
    case "relation":
      return many ? "Array<String>" : "String";
    default:
      return "String";
  }
}

/** An example record of the collection built from its real schema. */
export function exampleRecord(c: Collection): Record<string, unknown> {
  const rec: Record<string, unknown> = { id: "RECORD_ID", collectionId: c.id, collectionName: c.name };
  if (c.type !== "view") {
    rec.created = EXAMPLE_DATE;
    rec.updated = EXAMPLE_DATE;
  }
  if (c.type === "auth") {
    rec.username = "username123";
    rec.verified = false;
    rec.emailVisibility = true;
    rec.email = "test@example.com";
  }
  for (const f of c.schema ?? []) rec[f.name] = exampleValue(f);
  return rec;
}

/** Body parameters of create/update: id, auth fields, then every schema field. */
export function recordBodyParams(c: Collection, mode: "create" | "update"): DocParam[] {
  const params: DocParam[] = [];
  if (mode === "create") params.push({ name: "id", type: "String", description: "15 characters; leave out to auto-generate one." });
  if (c.type === "auth") {
    params.push(
      { name: "username", type: "String", description: mode === "create" ? "Unique username; auto-generated when left out." : "Unique username." },
      { name: "email", type: "String", required: mode === "create" && !!c.options?.requireEmail, description: "Auth record email address." },
      { name: "emailVisibility", type: "Boolean", description: "Whether the email is shown to other users." },
    );
    if (mode === "update") params.push({ name: "oldPassword", type: "String", description: "The current password; required to change it (unless the caller is an admin or matches the manage rule)." });
    params.push(
      { name: "password", type: "String", required: mode === "create", description: `Auth record password (at least ${Number(c.options?.minPasswordLength) || 8} characters).` },
      { name: "passwordConfirm", type: "String", required: mode === "create", description: "Repeats the password." },
      { name: "verified", type: "Boolean", description: "Verified state; only admins or callers matching the manage rule can set it." },
    );
  }
  for (const f of c.schema ?? []) {
    params.push({
      name: f.name,
      type: fieldParamType(f),
      required: mode === "create" && f.required,
      description: fieldDescription(f),
    });
  }
  return params;
}

function fieldDescription(f: SchemaField): string {
  const o = f.options ?? {};
  switch (f.type) {
    case "relation":
      return `Related record id${isMultiple(f) ? "s" : ""}.`;
    case "file":
      return `File upload${isMultiple(f) ? "s" : ""} (multipart/form-data).`;
    case "select":
      return `One${isMultiple(f) ? " or more" : ""} of: ${(Array.isArray(o.values) ? (o.values as string[]) : []).join(", ")}.`;
    case "date":
      return "Date as text: YYYY-MM-DD HH:MM:SS.sssZ (UTC).";
    case "json":
      return "Any JSON value.";
    case "editor":
      return "HTML text.";
    default:
      return `Plain ${f.type} value.`;
  }
}

/** Example body of create/update for the SDK snippets. */
export function exampleBody(c: Collection, mode: "create" | "update"): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (c.type === "auth") {
    body.username = "test_username";
    body.email = "test@example.com";
    body.emailVisibility = true;
    if (mode === "update") body.oldPassword = "12345678";
    body.password = "12345678";
    body.passwordConfirm = "12345678";
  }
  for (const f of c.schema ?? []) {
    if (f.type === "file") continue;
    body[f.name] = exampleValue(f);
  }
  return body;
}

export function json(v: unknown, indent = 2): string {
  return JSON.stringify(v, null, indent);
}

/** Indents every line but the first. */
export function indentRest(text: string, spaces: number): string {
  return text.split("\n").map((l, i) => (i ? " ".repeat(spaces) + l : l)).join("\n");
}

/** A Dart map literal of a JSON value. */
export function dartLiteral(v: unknown, depth = 0): string {
  const pad = "  ".repeat(depth + 1);
  const end = "  ".repeat(depth);
  if (v === null || v === undefined) return "null";
  if (typeof v === "string") return `'${v.replace(/\\/g, "\\\\").replace(/'/g, "\\'").replace(/\$/g, "\\$")}'`;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  if (Array.isArray(v)) return v.length ? `[${v.map((x) => dartLiteral(x, depth)).join(", ")}]` : "[]";
  const entries = Object.entries(v as Record<string, unknown>);
  if (!entries.length) return "{}";
  return `{\n${entries.map(([k, x]) => `${pad}'${k}': ${dartLiteral(x, depth + 1)},`).join("\n")}\n${end}}`;
}

export const jsHead = (env: DocsEnv) => `import PocketBase from 'pocketbase';\n\nconst pb = new PocketBase('${env.baseUrl}');\n\n`;
export const dartHead = (env: DocsEnv) => `import 'package:pocketbase/pocketbase.dart';\n\nfinal pb = PocketBase('${env.baseUrl}');\n\n`;

export const ERR_400 = (message = "Failed to load the request data.", data: Record<string, unknown> = {}) => ({ status: 400, body: { code: 400, message, data } });
export const ERR_401 = { status: 401, body: { code: 401, message: "The request requires valid record authorization token to be set.", data: {} } };
export const ERR_403 = { status: 403, body: { code: 403, message: "Only admins can perform this action.", data: {} } };
export const ERR_404 = { status: 404, body: { code: 404, message: "The requested resource wasn't found.", data: {} } };

/** Query parameters shared by calls that answer records. */
export function expandFieldsParams(): DocParam[] {
  return [
    { name: "expand", type: "String", description: "Relations to expand in the answer, comma separated, up to 6 levels deep (e.g. author,comments.user)." },
    { name: "fields", type: "String", description: "Only these fields in the answer, comma separated (e.g. *,expand.author.name); supports the :excerpt(maxLength, withEllipsis?) modifier." },
  ];
}

/** Auth answer: a token and the record. */
export function authResponse(c: Collection, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { token: "JWT_TOKEN", record: exampleRecord(c), ...extra };
}
