import { isAuth, isView, type CollectionModel, type RuleKey } from "../models/collection.js";
import { multipartSchema, valueSchema, DATE_DESCRIPTION, type JsonSchema } from "./fieldSchemas.js";
import { systemPaths } from "./systemPaths.js";
import { recordTransferPaths } from "./recordTransferPaths.js";

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, JsonSchema>; responses: Record<string, unknown> };
  security: Record<string, string[]>[];
  paths: Record<string, Record<string, unknown>>;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: JsonSchema) => ({ "application/json": { schema } });
const ok = (schema: JsonSchema, description = "OK") => ({ description, content: json(schema) });
const errors = { "400": { $ref: "#/components/responses/BadRequest" }, "403": { $ref: "#/components/responses/Forbidden" }, "404": { $ref: "#/components/responses/NotFound" } };
const noContent = { "204": { description: "Done." } };

/** What a rule means for the caller, for the operation's description. */
function ruleText(rule: string | null): string {
  if (rule === null) return "Admins only.";
  if (rule.trim() === "") return "Everybody (empty rule).";
  return `API rule: \`${rule}\` (admins bypass it).`;
}

const queryParam = (name: string, schema: JsonSchema, description: string) => ({ name, in: "query", required: false, schema, description });
const LIST_PARAMS = [
  queryParam("page", { type: "integer", minimum: 1 }, "Page (1-based)."),
  queryParam("perPage", { type: "integer", minimum: 1, maximum: 500 }, "Items per page (max 500)."),
  queryParam("sort", { type: "string" }, "Sort fields, `-` for descending, e.g. `-created,title`."),
  queryParam("filter", { type: "string" }, "Filter expression, e.g. `title ~ 'abc' && created > '2024-01-01'`."),
  queryParam("skipTotal", { type: "boolean" }, "Skip counting (totalItems and totalPages are -1)."),
];
const SHAPE_PARAMS = [
  queryParam("expand", { type: "string" }, "Relations to expand, e.g. `author,comments_via_post`."),
  queryParam("fields", { type: "string" }, "Fields to return, e.g. `id,title,description:excerpt(200)`."),
];
const idParam = { name: "id", in: "path", required: true, schema: { type: "string" } };

const schemaName = (c: CollectionModel, suffix: string) => `${c.name.replace(/[^A-Za-z0-9_.-]/g, "_")}${suffix}`;

const AUTH_RECORD_FIELDS: Record<string, JsonSchema> = {
  username: { type: "string" },
  email: { type: "string", description: "Shown to admins, the owner, and everybody when emailVisibility is true." },
  emailVisibility: { type: "boolean" },
  verified: { type: "boolean" },
  totp: { const: true, description: "Cairn only: present (true) in single-record answers to admins and the record itself while it has an active authenticator app." },
};

/** The record, create and update schemas of one collection. */
function collectionSchemas(c: CollectionModel, nameOf: (id: string) => string): Record<string, JsonSchema> {
  const props: Record<string, JsonSchema> = {
    id: { type: "string", minLength: 15, maxLength: 15 },
    collectionId: { type: "string", const: c.id },
    collectionName: { type: "string", const: c.name },
    created: { type: "string", description: DATE_DESCRIPTION },
    updated: { type: "string", description: DATE_DESCRIPTION },
  };
  if (isView(c)) delete props.created, delete props.updated;
  if (isAuth(c)) Object.assign(props, AUTH_RECORD_FIELDS);
  for (const f of c.schema) props[f.name] = valueSchema(f, nameOf);
  const record: JsonSchema = {
    type: "object",
    properties: { ...props, expand: { type: "object", description: "Expanded relations (with ?expand=)." } },
    required: Object.keys(props).filter((k) => k !== "email" && !(isAuth(c) && k === "totp")),
  };
  const input = (forMultipart: boolean, create: boolean): JsonSchema => {
    const p: Record<string, JsonSchema> = {};
    if (create) p.id = { type: "string", minLength: 15, maxLength: 15, description: "Optional custom id." };
    if (isAuth(c)) {
      Object.assign(p, { username: { type: "string" }, email: { type: "string" }, emailVisibility: { type: "boolean" }, verified: { type: "boolean" } });
      p.password = { type: "string" };
      p.passwordConfirm = { type: "string" };
      if (!create) p.oldPassword = { type: "string", description: "Required to change the password unless an admin or the manage rule allows." };
    }
    for (const f of c.schema) p[f.name] = forMultipart ? multipartSchema(f, nameOf) : valueSchema(f, nameOf);
    const required = create ? c.schema.filter((f) => f.required).map((f) => f.name) : [];
    if (create && isAuth(c)) required.push("password", "passwordConfirm");
    return { type: "object", properties: p, ...(required.length ? { required } : {}) };
  };
  const out: Record<string, JsonSchema> = { [schemaName(c, "Record")]: record };
  if (!isView(c)) {
    out[schemaName(c, "Create")] = input(false, true);
    out[schemaName(c, "CreateMultipart")] = input(true, true);
    out[schemaName(c, "Update")] = input(false, false);
    out[schemaName(c, "UpdateMultipart")] = input(true, false);
  }
  return out;
}

function op(c: CollectionModel, summary: string, rule: RuleKey | null, extra: Record<string, unknown>) {
  return { tags: [c.name], summary, description: rule ? ruleText(c[rule]) : undefined, ...extra };
}

function writeBody(c: CollectionModel, kind: "Create" | "Update") {
  return {
    required: kind === "Create",
    content: {
      ...json(ref(schemaName(c, kind))),
      "multipart/form-data": { schema: ref(schemaName(c, `${kind}Multipart`)) },
    },
  };
}

/** The record endpoints (and auth endpoints for auth collections) of one collection. */
function collectionPaths(c: CollectionModel): Record<string, Record<string, unknown>> {
  const base = `/api/collections/${c.name}`;
  const record = ref(schemaName(c, "Record"));
  const list = {
    type: "object",
    properties: { page: { type: "integer" }, perPage: { type: "integer" }, totalItems: { type: "integer" }, totalPages: { type: "integer" }, items: { type: "array", items: record } },
    required: ["page", "perPage", "totalItems", "totalPages", "items"],
  };
  const paths: Record<string, Record<string, unknown>> = {
    [`${base}/records`]: {
      get: op(c, `List ${c.name} records`, "listRule", { operationId: `${c.name}.list`, parameters: [...LIST_PARAMS, ...SHAPE_PARAMS], responses: { "200": ok(list), ...errors } }),
    },
    [`${base}/records/{id}`]: {
      get: op(c, `View a ${c.name} record`, "viewRule", { operationId: `${c.name}.view`, parameters: [idParam, ...SHAPE_PARAMS], responses: { "200": ok(record), ...errors } }),
    },
  };
  if (!isView(c)) {
    paths[`${base}/records`].post = op(c, `Create a ${c.name} record`, "createRule", {
      operationId: `${c.name}.create`,
      parameters: SHAPE_PARAMS,
      requestBody: writeBody(c, "Create"),
      responses: { "200": ok(record), ...errors },
    });
    paths[`${base}/records/{id}`].patch = op(c, `Update a ${c.name} record`, "updateRule", {
      operationId: `${c.name}.update`,
      parameters: [idParam, ...SHAPE_PARAMS],
      requestBody: writeBody(c, "Update"),
      responses: { "200": ok(record), ...errors },
    });
    paths[`${base}/records/{id}`].delete = op(c, `Delete a ${c.name} record`, "deleteRule", { operationId: `${c.name}.delete`, parameters: [idParam], responses: { ...noContent, ...errors } });
  }
  Object.assign(paths, recordTransferPaths(c, { record: schemaName(c, "Record"), create: schemaName(c, "Create") }, ruleText));
  if (isAuth(c)) Object.assign(paths, authPaths(c, record));
  return paths;
}

function authPaths(c: CollectionModel, record: JsonSchema): Record<string, Record<string, unknown>> {
  const base = `/api/collections/${c.name}`;
  const authAnswer = ok({ type: "object", properties: { token: { type: "string" }, record }, required: ["token", "record"] });
  const body = (properties: Record<string, JsonSchema>, required: string[]) => ({ required: true, content: json({ type: "object", properties, required }) });
  const str = { type: "string" };
  const post = (summary: string, id: string, props: Record<string, JsonSchema>, required: string[], responses: Record<string, unknown>) => ({
    post: { tags: [c.name], summary, operationId: `${c.name}.${id}`, requestBody: body(props, required), responses: { ...responses, "400": errors["400"] } },
  });
  return {
    [`${base}/auth-methods`]: {
      get: { tags: [c.name], summary: "Allowed sign-in methods", operationId: `${c.name}.listAuthMethods`, responses: { "200": ok({ type: "object" }) } },
    },
    [`${base}/auth-with-password`]: post("Sign in with a password", "authWithPassword", { identity: str, password: str, mfaId }, ["identity", "password"], { "200": authAnswer, ...mfaAnswer }),
    [`${base}/auth-refresh`]: {
      post: { tags: [c.name], summary: "A new token for the signed-in record", operationId: `${c.name}.authRefresh`, responses: { "200": authAnswer, "401": { $ref: "#/components/responses/Unauthorized" } } },
    },
    [`${base}/request-verification`]: post("Mail a verification link", "requestVerification", { email: str }, ["email"], noContent),
    [`${base}/confirm-verification`]: post("Confirm a verification", "confirmVerification", { token: str }, ["token"], noContent),
    [`${base}/request-password-reset`]: post("Mail a password reset link", "requestPasswordReset", { email: str }, ["email"], noContent),
    [`${base}/confirm-password-reset`]: post("Set a new password", "confirmPasswordReset", { token: str, password: str, passwordConfirm: str }, ["token", "password", "passwordConfirm"], noContent),
    [`${base}/request-email-change`]: post("Mail an email change link", "requestEmailChange", { newEmail: str }, ["newEmail"], noContent),
    [`${base}/confirm-email-change`]: post("Confirm an email change", "confirmEmailChange", { token: str, password: str }, ["token", "password"], noContent),
    ...signInFactorPaths(c, authAnswer),
  };
}

/** The `mfaId` a second sign-in method completes (body or query), and the answer of a first method when a second is due. */
const mfaId = { type: "string", description: "The MFA session a second method completes (from the 401 answer of the first; also accepted as a query parameter)." };
const mfaAnswer = { "401": { $ref: "#/components/responses/MfaRequired" } };

/** Beyond v0.22: email one-time codes (PocketBase v0.23's shapes), authenticator apps and their MFA step. */
function signInFactorPaths(c: CollectionModel, authAnswer: unknown): Record<string, Record<string, unknown>> {
  const base = `/api/collections/${c.name}`;
  const str = { type: "string" };
  const body = (properties: Record<string, JsonSchema>, required: string[]) => ({ required: true, content: json({ type: "object", properties, required }) });
  const tags = [c.name];
  const code = { code: { type: "string", description: "A 6-digit code from the authenticator app, or one of the recovery codes." } };
  const setup = ok({
    type: "object",
    properties: { secret: { type: "string", description: "Base32." }, uri: { type: "string", description: "`otpauth://totp/...` for a QR code." }, recoveryCodes: { type: "array", items: str, minItems: 8 } },
    required: ["secret", "uri", "recoveryCodes"],
  });
  const idParam = { name: "id", in: "path", required: true, schema: str };
  const who = "The record itself or an admin.";
  const signedIn = { ...errors, "401": { $ref: "#/components/responses/Unauthorized" } };
  const tooMany = { description: "Too many requests (per email) or wrong codes (per account); see Retry-After.", content: json(ref("Error")) };
  return {
    [`${base}/request-otp`]: {
      post: {
        tags, summary: "Mail a one-time code", operationId: `${c.name}.requestOTP`,
        description: "Needs `options.otp.enabled`. Answers an `otpId` whether or not the email has an account; limited per email (429).",
        requestBody: body({ email: str }, ["email"]),
        responses: { "200": ok({ type: "object", properties: { otpId: str }, required: ["otpId"] }), ...errors, "429": tooMany },
      },
    },
    [`${base}/auth-with-otp`]: {
      post: {
        tags, summary: "Sign in with a mailed one-time code", operationId: `${c.name}.authWithOTP`,
        description: "Single use; five wrong codes burn the `otpId`. Marks an unverified email verified.",
        requestBody: body({ otpId: str, password: { type: "string", description: "The mailed code." }, mfaId }, ["otpId", "password"]),
        responses: { "200": authAnswer, ...mfaAnswer, ...errors },
      },
    },
    [`${base}/auth-with-totp`]: {
      post: {
        tags, summary: "Complete a sign-in with an authenticator code (second factor)", operationId: `${c.name}.authWithTOTP`,
        requestBody: body({ mfaId: str, ...code }, ["mfaId", "code"]),
        responses: { "200": authAnswer, ...errors, "429": tooMany },
      },
    },
    [`${base}/records/{id}/totp`]: {
      post: { tags, summary: "Set up an authenticator app (shown once; inactive until confirmed)", operationId: `${c.name}.totpSetup`, description: who, parameters: [idParam], responses: { "200": setup, ...signedIn } },
      delete: {
        tags, summary: "Remove the authenticator app", operationId: `${c.name}.totpDelete`,
        description: "An admin, or the record itself with a current code in the body.",
        parameters: [idParam], requestBody: { required: false, content: json({ type: "object", properties: code }) }, responses: { ...noContent, ...signedIn, "429": tooMany },
      },
    },
    [`${base}/records/{id}/totp/confirm`]: {
      post: { tags, summary: "Activate the authenticator app with a first code", operationId: `${c.name}.totpConfirm`, description: who, parameters: [idParam], requestBody: body(code, ["code"]), responses: { ...noContent, ...signedIn } },
    },
  };
}

const ERROR_SCHEMA: JsonSchema = {
  type: "object",
  properties: { code: { type: "integer" }, message: { type: "string" }, data: { type: "object" } },
  required: ["code", "message", "data"],
};

/** A first sign-in method passed and a second is due: the error envelope plus `mfaId` (PocketBase v0.23's SDK reads `err.response.mfaId`). */
const MFA_REQUIRED_SCHEMA: JsonSchema = {
  type: "object",
  properties: { mfaId: { type: "string" }, code: { type: "integer" }, message: { type: "string" }, data: { type: "object" } },
  required: ["mfaId", "code", "message", "data"],
};

/** The whole API as it stands for these collections (OpenAPI 3.1). */
export function buildDocument(collections: readonly CollectionModel[], info: { appName: string; appUrl: string; version: string }): OpenApiDocument {
  const byId = new Map(collections.map((c) => [c.id, c.name]));
  const nameOf = (id: string) => byId.get(id) ?? id;
  const schemas: Record<string, JsonSchema> = { Error: ERROR_SCHEMA, MfaRequired: MFA_REQUIRED_SCHEMA };
  const paths: Record<string, Record<string, unknown>> = { ...systemPaths() };
  for (const c of [...collections].sort((a, b) => a.name.localeCompare(b.name))) {
    Object.assign(schemas, collectionSchemas(c, nameOf));
    Object.assign(paths, collectionPaths(c));
  }
  const error = (description: string) => ({ description, content: json(ref("Error")) });
  return {
    openapi: "3.1.0",
    info: { title: `${info.appName} API`, version: info.version, description: "Generated by Cairn from the current collections (PocketBase v0.22 compatible API)." },
    servers: [{ url: info.appUrl }],
    components: {
      securitySchemes: { token: { type: "apiKey", in: "header", name: "Authorization", description: "An admin or auth record token (optionally `Bearer `-prefixed)." } },
      schemas,
      responses: {
        BadRequest: error("Invalid input; field errors under data."),
        Unauthorized: error("A valid token is required."),
        Forbidden: error("Not allowed."),
        NotFound: error("Missing, or hidden by the API rules."),
        MfaRequired: { description: "A second sign-in method is due: send it with this `mfaId`.", content: json(ref("MfaRequired")) },
      },
    },
    security: [{}, { token: [] }],
    paths,
  };
}
