/**
 * TypeScript types for a set of collections: per collection its record, response (with the
 * system fields and typed `expand`), create and update inputs, select values as unions, and
 * a `TypedPocketBase` so the official SDK's `pb.collection("posts")` is typed.
 */

/** What typegen reads of a collection (the API's collection JSON or the stored model). */
export interface TypegenCollection {
  id: string;
  name: string;
  type: string;
  schema: { name: string; type: string; required: boolean; options: object }[];
}

type Field = TypegenCollection["schema"][number];

const opt = (f: Field) => f.options as Record<string, unknown>;

const IDENT = /^[A-Za-z_$][\w$]*$/;

/** `user_profiles` → `UserProfiles`; a leading digit gets a `C` before it. */
export function typeName(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const out = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join("") || "Collection";
  return /^\d/.test(out) ? `C${out}` : out;
}

const key = (name: string) => (IDENT.test(name) ? name : JSON.stringify(name));
const literal = (v: string) => JSON.stringify(v);

function isMultiple(f: Field): boolean {
  const max = opt(f).maxSelect;
  if (f.type === "relation") return max !== 1;
  if (f.type === "select" || f.type === "file") return typeof max === "number" && max > 1;
  return false;
}

/** Each collection's type name; names that would clash (`user_profiles`, `userProfiles`) get 2, 3, ... */
function typeNames(collections: readonly TypegenCollection[]): Map<string, string> {
  const out = new Map<string, string>();
  const taken = new Set<string>();
  for (const c of collections) {
    const base = typeName(c.name);
    let name = base;
    for (let i = 2; taken.has(name); i++) name = `${base}${i}`;
    taken.add(name);
    out.set(c.id, name);
  }
  return out;
}

// Set by generateTypes for the run in progress (generation is synchronous, so runs never overlap).
let names = new Map<string, string>();
const T = (c: TypegenCollection) => names.get(c.id) ?? typeName(c.name);
const optionsName = (c: TypegenCollection, f: Field) => `${T(c)}${typeName(f.name)}Options`;

/** The TypeScript type of a field's value as records carry it. */
function valueType(c: TypegenCollection, f: Field): string {
  const list = (t: string) => (isMultiple(f) ? `${t}[]` : t);
  switch (f.type) {
    case "number":
      return "number";
    case "bool":
      return "boolean";
    case "date":
      return "IsoDateString";
    case "editor":
      return "HTMLString";
    case "json":
      return "unknown";
    case "select":
      return isMultiple(f) ? `${optionsName(c, f)}[]` : `${optionsName(c, f)} | ""`;
    case "relation":
      return list("RecordIdString");
    case "file":
      return list("string");
    default:
      return "string";
  }
}

/** A field in a create/update body: files as File/Blob uploads. */
function inputType(c: TypegenCollection, f: Field): string {
  if (f.type === "file") return isMultiple(f) ? "(File | Blob)[]" : "File | Blob";
  return valueType(c, f);
}

function expandType(c: TypegenCollection, byId: Map<string, TypegenCollection>): string {
  const rels = c.schema.filter((f) => f.type === "relation");
  if (!rels.length) return "never";
  const parts = rels.map((f) => {
    const target = byId.get(String(opt(f).collectionId));
    const t = target ? `${T(target)}Response` : "RecordModel";
    return `  ${key(f.name)}?: ${t}${isMultiple(f) ? "[]" : ""};`;
  });
  return `{\n${parts.join("\n")}\n}`;
}

function collectionTypes(c: TypegenCollection, byId: Map<string, TypegenCollection>): string {
  const name = T(c);
  const auth = c.type === "auth";
  const view = c.type === "view";
  const lines: string[] = [`// ${c.name} (${c.type})`];
  for (const f of c.schema) {
    if (f.type !== "select") continue;
    const values = ((opt(f).values as string[] | null) ?? []).map(literal);
    lines.push(`export type ${optionsName(c, f)} = ${values.length ? values.join(" | ") : "string"};`);
  }
  const fields = c.schema.map((f) => `  ${key(f.name)}: ${valueType(c, f)};`);
  lines.push(`export interface ${name}Record {\n${fields.join("\n")}${fields.length ? "\n" : ""}}`);
  lines.push(`export type ${name}Expand = ${expandType(c, byId)};`);
  let system = `${auth ? "AuthSystemFields" : view ? "ViewSystemFields" : "BaseSystemFields"}<TExpand>`;
  // A schema field named `totp` keeps its own value in the server's answers (no flag then).
  if (auth && c.schema.some((f) => f.name === "totp")) system = `Omit<${system}, "totp">`;
  lines.push(`export type ${name}Response<TExpand = ${name}Expand> = ${name}Record & ${system};`);
  if (!view) {
    const input = c.schema.map((f) => `  ${key(f.name)}${f.required ? "" : "?"}: ${inputType(c, f)};`);
    const authInput = auth
      ? ["  username?: string;", "  email?: string;", "  emailVisibility?: boolean;", "  verified?: boolean;", "  password: string;", "  passwordConfirm: string;"]
      : [];
    lines.push(`export interface ${name}Create {\n  id?: RecordIdString;\n${[...authInput, ...input].join("\n")}\n}`);
    const update = auth ? ` & { oldPassword?: string }` : "";
    lines.push(`export type ${name}Update = Partial<Omit<${name}Create, "id">>${update};`);
  }
  return lines.join("\n");
}

const HEADER = `// Generated by \`cairn typegen\`: types for this server's collections. Do not edit; run it again
// after changing a collection.
import type PocketBase from "pocketbase";
import type { RecordModel, RecordService } from "pocketbase";

/** \`YYYY-MM-DD HH:MM:SS.sssZ\` (UTC), or "" when not set. */
export type IsoDateString = string;
/** A 15-character record id. */
export type RecordIdString = string;
/** HTML from an editor field. */
export type HTMLString = string;

export interface ViewSystemFields<TExpand = unknown> {
  id: RecordIdString;
  collectionId: string;
  collectionName: string;
  expand?: TExpand;
}

export interface BaseSystemFields<TExpand = unknown> extends ViewSystemFields<TExpand> {
  created: IsoDateString;
  updated: IsoDateString;
}

export interface AuthSystemFields<TExpand = unknown> extends BaseSystemFields<TExpand> {
  username: string;
  /** Present for admins, the record itself, and everybody when emailVisibility is on. */
  email?: string;
  emailVisibility: boolean;
  verified: boolean;
  /**
   * Cairn: \`true\` in single-record answers to admins and the record itself while it has an
   * authenticator app; absent otherwise.
   */
  totp?: true;
}

// Sign-in beyond passwords (Cairn; the SDK 0.21 has no methods for them: \`pb.send<T>(path, ...)\`).

/** \`POST /api/collections/{collection}/request-otp\` \`{email}\`: the id to send back with the mailed code. */
export interface OTPResponse {
  otpId: string;
}

/**
 * A first sign-in method passed and a second one is due (\`ClientResponseError.response\`
 * of a 401): send the second method with this \`mfaId\`.
 */
export interface MFARequiredResponse {
  /** The status: unauthorized. */
  code: number;
  message: string;
  data: Record<string, never>;
  mfaId: string;
}

/** \`POST /api/collections/{collection}/records/{id}/totp\` (and \`/api/admins/{id}/totp\`): shown once. */
export interface TOTPSetupResponse {
  /** Base32. */
  secret: string;
  /** \`otpauth://totp/...\`, for a QR code. */
  uri: string;
  recoveryCodes: string[];
}
`;

/** The whole generated file. */
export function generateTypes(collections: readonly TypegenCollection[]): string {
  const sorted = [...collections].sort((a, b) => a.name.localeCompare(b.name));
  const byId = new Map(sorted.map((c) => [c.id, c]));
  names = typeNames(sorted);
  const entries = sorted.map((c) => `  ${key(T(c))}: ${literal(c.name)},`);
  const parts = [
    HEADER,
    `export const Collections = {\n${entries.join("\n")}\n} as const;`,
    ...sorted.map((c) => collectionTypes(c, byId)),
    `export interface CollectionRecords {\n${sorted.map((c) => `  ${key(c.name)}: ${T(c)}Record;`).join("\n")}\n}`,
    `export interface CollectionResponses {\n${sorted.map((c) => `  ${key(c.name)}: ${T(c)}Response;`).join("\n")}\n}`,
    `/** The SDK client with each collection's records typed: \`pb.collection("posts").getList()\`. */\nexport type TypedPocketBase = PocketBase & {\n${sorted
      .map((c) => `  collection(idOrName: ${literal(c.name)}): RecordService<${T(c)}Response>;`)
      .join("\n")}\n  collection(idOrName: string): RecordService<RecordModel>;\n};`,
  ];
  return parts.join("\n\n") + "\n";
}
