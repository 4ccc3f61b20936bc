/**
 * The system endpoints (admins, collections, settings, logs, files, backups, batch, health) with
 * their request bodies and answers in outline; record endpoints come from the collections.
 */
type Op = Record<string, unknown>;

const obj = { type: "object" };
const json = (schema: unknown) => ({ "application/json": { schema } });
const ok = (schema: unknown = obj) => ({ "200": { description: "OK", content: json(schema) }, "400": { $ref: "#/components/responses/BadRequest" } });
const done = { "204": { description: "Done." }, "400": { $ref: "#/components/responses/BadRequest" } };
const body = (schema: unknown = obj) => ({ required: true, content: json(schema) });
const str = { type: "string" };
const page = { type: "object", properties: { page: { type: "integer" }, perPage: { type: "integer" }, totalItems: { type: "integer" }, totalPages: { type: "integer" }, items: { type: "array", items: obj } } };
const id = (name = "id") => ({ name, in: "path", required: true, schema: str });
const q = (name: string) => ({ name, in: "query", required: false, schema: str });
const listParams = ["page", "perPage", "sort", "filter"].map(q);

const backupKey = { name: "key", in: "path", required: true, schema: str, description: "The backup's file name, e.g. `pb_backup_20240101000000.zip`." };
const unauthorized = { "401": { $ref: "#/components/responses/Unauthorized" } };
/** Another admin's authenticator app can be removed, not set up. */
const notSelf = { "403": { $ref: "#/components/responses/Forbidden" } };
const PHASES = ["snapshot", "zip", "store", "download", "validate", "extract", "reload"];
/** GET /api/backups/progress (Cairn only): idle, or the running backup/restore and its bytes. */
const progressSchema = {
  oneOf: [
    { type: "object", properties: { running: { const: false } }, required: ["running"], additionalProperties: false },
    {
      type: "object",
      properties: {
        running: { const: true },
        action: { enum: ["backup", "restore"] },
        key: str,
        phase: { enum: PHASES, description: "backup: snapshot, zip, store; restore: download (S3 only), validate, extract, reload." },
        done: { type: "integer", minimum: 0, description: "Bytes done in this phase." },
        total: { type: "integer", minimum: 0, description: "Bytes of this phase; 0 when the phase has no count (validate, reload)." },
        startedAt: { type: "string", description: "When the run started (UTC, `YYYY-MM-DD HH:MM:SS.sssZ`)." },
      },
      required: ["running", "action", "key", "phase", "done", "total", "startedAt"],
    },
  ],
};
const zipFile = { "application/zip": { schema: { type: "string", format: "binary" } } };

const op = (tag: string, summary: string, operationId: string, extra: Op): Op => ({ tags: [tag], summary, operationId, ...extra });

export function systemPaths(): Record<string, Record<string, Op>> {
  return {
    "/api/health": { get: op("system", "Health check", "health", { responses: ok() }) },
    "/api/admins": {
      get: op("admins", "List admins (admins only)", "admins.list", { parameters: listParams, responses: ok(page) }),
      post: op("admins", "Create an admin (admins only; the first one without auth)", "admins.create", { requestBody: body({ type: "object", properties: { email: str, password: str, passwordConfirm: str, avatar: { type: "integer" } } }), responses: ok() }),
    },
    "/api/admins/{id}": {
      get: op("admins", "View an admin", "admins.view", { parameters: [id()], responses: ok() }),
      patch: op("admins", "Update an admin", "admins.update", { parameters: [id()], requestBody: body(), responses: ok() }),
      delete: op("admins", "Delete an admin", "admins.delete", { parameters: [id()], responses: done }),
    },
    "/api/admins/auth-with-password": {
      post: op("admins", "Admin sign-in (an admin with an authenticator app gets 401 with `mfaId`)", "admins.authWithPassword", {
        requestBody: body({ type: "object", properties: { identity: str, password: str }, required: ["identity", "password"] }),
        responses: { ...ok(), "401": { $ref: "#/components/responses/MfaRequired" } },
      }),
    },
    "/api/admins/auth-with-totp": {
      post: op("admins", "Complete an admin sign-in with an authenticator (or recovery) code", "admins.authWithTOTP", {
        requestBody: body({ type: "object", properties: { mfaId: str, code: str }, required: ["mfaId", "code"] }),
        responses: { ...ok(), "429": { description: "Too many wrong codes; see Retry-After.", content: json({ $ref: "#/components/schemas/Error" }) } },
      }),
    },
    "/api/admins/{id}/totp": {
      post: op("admins", "Set up the admin's own authenticator app (shown once: secret, otpauth URI, recovery codes)", "admins.totpSetup", {
        parameters: [id()],
        responses: { ...ok({ type: "object", properties: { secret: str, uri: str, recoveryCodes: { type: "array", items: str, minItems: 8 } }, required: ["secret", "uri", "recoveryCodes"] }), ...unauthorized, ...notSelf },
      }),
      delete: op("admins", "Remove an admin's authenticator app (another admin at will; the admin itself with a current code)", "admins.totpDelete", {
        parameters: [id()], requestBody: { required: false, content: json({ type: "object", properties: { code: str } }) }, responses: { ...done, ...unauthorized },
      }),
    },
    "/api/admins/{id}/totp/confirm": {
      post: op("admins", "Activate the admin's authenticator app with a first code", "admins.totpConfirm", {
        parameters: [id()], requestBody: body({ type: "object", properties: { code: str }, required: ["code"] }), responses: { ...done, ...unauthorized, ...notSelf },
      }),
    },
    "/api/admins/auth-refresh": { post: op("admins", "Refresh an admin token", "admins.authRefresh", { responses: ok() }) },
    "/api/admins/request-password-reset": { post: op("admins", "Mail an admin password reset", "admins.requestPasswordReset", { requestBody: body({ type: "object", properties: { email: str } }), responses: done }) },
    "/api/admins/confirm-password-reset": { post: op("admins", "Set an admin's new password", "admins.confirmPasswordReset", { requestBody: body(), responses: done }) },
    "/api/collections": {
      get: op("collections", "List collections (admins only)", "collections.list", { parameters: listParams, responses: ok(page) }),
      post: op("collections", "Create a collection", "collections.create", { requestBody: body(), responses: ok() }),
    },
    "/api/collections/import": { put: op("collections", "Import collections", "collections.import", { requestBody: body(), responses: done }) },
    "/api/collections/{collection}": {
      get: op("collections", "View a collection", "collections.view", { parameters: [id("collection")], responses: ok() }),
      patch: op("collections", "Update a collection", "collections.update", { parameters: [id("collection")], requestBody: body(), responses: ok() }),
      delete: op("collections", "Delete a collection", "collections.delete", { parameters: [id("collection")], responses: done }),
    },
    "/api/settings": {
      get: op("settings", "View the settings (admins only; secrets masked)", "settings.view", { responses: ok() }),
      patch: op("settings", "Update the settings", "settings.update", { requestBody: body(), responses: ok() }),
    },
    "/api/settings/test/email": { post: op("settings", "Send a test email", "settings.testEmail", { requestBody: body(), responses: done }) },
    "/api/settings/test/s3": { post: op("settings", "Test the S3 connection", "settings.testS3", { requestBody: body(), responses: done }) },
    "/api/settings/apple/generate-client-secret": { post: op("settings", "Sign an Apple client secret", "settings.appleSecret", { requestBody: body(), responses: ok() }) },
    "/api/logs": { get: op("logs", "List request logs (admins only)", "logs.list", { parameters: listParams, responses: ok(page) }) },
    "/api/logs/stats": { get: op("logs", "Hourly request counts", "logs.stats", { parameters: [q("filter")], responses: ok({ type: "array", items: obj }) }) },
    "/api/logs/{id}": { get: op("logs", "View a request log", "logs.view", { parameters: [id()], responses: ok() }) },
    "/api/files/token": { post: op("files", "A short-lived token for protected files", "files.token", { responses: ok({ type: "object", properties: { token: str } }) }) },
    "/api/files/{collection}/{record}/{filename}": {
      get: op("files", "Download a record's file", "files.download", {
        parameters: [id("collection"), id("record"), id("filename"), q("thumb"), q("token"), q("download")],
        responses: { "200": { description: "The file.", content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } } }, "404": { $ref: "#/components/responses/NotFound" } },
      }),
    },
    "/api/backups": {
      get: op("backups", "List the backups, newest first (admins only)", "backups.list", {
        responses: { ...ok({ type: "array", items: { type: "object", properties: { key: str, size: { type: "integer" }, modified: str }, required: ["key", "size", "modified"] } }), ...unauthorized },
      }),
      post: op("backups", "Make a backup of the data directory (one backup or restore at a time)", "backups.create", {
        requestBody: { required: false, content: json({ type: "object", properties: { name: { type: "string", pattern: "^([a-z0-9_-]+\\.zip)?$", maxLength: 100, description: "Generated when empty." } } }) },
        responses: { ...done, ...unauthorized },
      }),
    },
    "/api/backups/upload": {
      post: op("backups", "Upload a backup archive", "backups.upload", {
        requestBody: { required: true, content: { "multipart/form-data": { schema: { type: "object", properties: { file: { type: "string", format: "binary" } }, required: ["file"] } } } },
        responses: { ...done, ...unauthorized },
      }),
    },
    "/api/backups/progress": {
      get: op("backups", "How far the running backup or restore got (Cairn only; admins only)", "backups.progress", { responses: { ...ok(progressSchema), ...unauthorized } }),
    },
    "/api/backups/{key}": {
      get: op("backups", "Download a backup (with an admin file token from /api/files/token)", "backups.download", {
        parameters: [backupKey, { ...q("token"), required: true }],
        responses: { "200": { description: "The archive.", content: zipFile }, "400": { $ref: "#/components/responses/BadRequest" }, "403": { $ref: "#/components/responses/Forbidden" } },
      }),
      delete: op("backups", "Delete a backup", "backups.delete", { parameters: [backupKey], responses: { ...done, ...unauthorized } }),
    },
    "/api/backups/{key}/restore": {
      post: op("backups", "Replace the data with a backup's (the server reopens on it)", "backups.restore", { parameters: [backupKey], responses: { ...done, ...unauthorized } }),
    },
    "/api/batch": {
      post: op("system", "Record writes in one transaction (when enabled in the settings)", "batch", {
        requestBody: body({
          type: "object",
          properties: {
            requests: {
              type: "array",
              items: { type: "object", properties: { method: { enum: ["POST", "PUT", "PATCH", "DELETE"] }, url: str, headers: obj, body: obj }, required: ["method", "url"] },
            },
          },
          required: ["requests"],
        }),
        responses: { ...ok({ type: "array", items: { type: "object", properties: { status: { type: "integer" }, body: {} } } }), "403": { $ref: "#/components/responses/Forbidden" } },
      }),
    },
    "/api/openapi.json": { get: op("system", "This document", "openapi", { responses: ok() }) },
  };
}
