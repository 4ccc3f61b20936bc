import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { App } from "../../app.js";
import { badRequest, ValidationError } from "../errors.js";
import { requireAdmin } from "../guards.js";
import { generateAppleClientSecret, type AppleSecretInput } from "../../settings/appleSecret.js";
import { LoadError, type Shape } from "../../settings/goJson.js";
import { redactSettings } from "../../settings/redact.js";
import { decodeRequestBody } from "../../settings/requestBody.js";
import { updateSettings } from "../../settings/update.js";
import { fieldErrors, rules } from "../../settings/validate.js";
import { sendTestEmail } from "../../mail/testEmail.js";
import { testS3Connection } from "../../files/s3Test.js";
import { TEMPLATE_KINDS, type TemplateKind } from "../../mail/templates.js";

const LOAD_FAILED = "An error occurred while loading the submitted data.";
const EMAIL_FAILED = "Failed to send the test email.";
const S3_FAILED = "Failed to test the S3 filesystem.";
const FILESYSTEMS = ["storage", "backups"];

/** Turns a decoding failure into the reference's 400. */
function loading<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof LoadError) throw badRequest(LOAD_FAILED);
    throw err;
  }
}

/** Reads a flat body into the given fields (strings default to "", ints to 0). */
function readForm<T extends object>(req: FastifyRequest, shape: Shape, initial: T): T {
  const target = { ...initial };
  loading(() => decodeRequestBody(req.headers["content-type"], req.body as string | undefined, shape, target as Record<string, unknown>));
  return target;
}

const rawError = (message: string, err: unknown) => {
  const text = err instanceof Error ? err.message : String(err);
  return badRequest(`${message} Raw error: \n${/[.!?]$/.test(text) ? text : text + "."}`);
};

export function settingsRoutes(app: App): FastifyPluginAsync {
  return async (r) => {
    // Bodies here are decoded with the reference's strictness (settings/goJson.ts), so
    // the routes of this plugin take the raw text of any content type.
    r.removeAllContentTypeParsers();
    r.addContentTypeParser("*", { parseAs: "string" }, (_req, body, done) => done(null, body));

    r.get("/settings", async (req) => {
      requireAdmin(req);
      return redactSettings(app.settings.get());
    });

    r.patch("/settings", async (req) => {
      requireAdmin(req);
      const saved = loading(() => updateSettings(app.settings, req.headers["content-type"], req.body as string | undefined));
      return redactSettings(saved);
    });

    r.post("/settings/test/email", async (req, reply) => {
      requireAdmin(req);
      const body = readForm(req, { template: "string", email: "string" }, { template: "", email: "" });
      const errors = fieldErrors({
        template: [rules.required(body.template), rules.oneOf(Object.keys(TEMPLATE_KINDS))(body.template)],
        email: [rules.required(body.email), rules.email(body.email)],
      });
      if (errors) throw new ValidationError(EMAIL_FAILED, errors);
      try {
        await sendTestEmail(app, body.template as TemplateKind, body.email);
      } catch (err) {
        throw rawError(EMAIL_FAILED, err);
      }
      return reply.status(204).send();
    });

    r.post("/settings/test/s3", async (req, reply) => {
      requireAdmin(req);
      const body = readForm(req, { filesystem: "string" }, { filesystem: "" });
      const errors = fieldErrors({ filesystem: [rules.required(body.filesystem), rules.oneOf(FILESYSTEMS)(body.filesystem)] });
      if (errors) throw new ValidationError(S3_FAILED, errors);
      const settings = app.settings.get();
      const config = body.filesystem === "backups" ? settings.backups.s3 : settings.s3;
      if (!config.enabled) throw rawError(S3_FAILED, new Error("S3 storage filesystem is not enabled"));
      try {
        await testS3Connection(config);
      } catch (err) {
        throw rawError(S3_FAILED, err);
      }
      return reply.status(204).send();
    });

    r.post("/settings/apple/generate-client-secret", async (req) => {
      requireAdmin(req);
      const input = readForm<AppleSecretInput>(
        req,
        { clientId: "string", teamId: "string", keyId: "string", privateKey: "string", duration: "int" },
        { clientId: "", teamId: "", keyId: "", privateKey: "", duration: 0 },
      );
      return { secret: await generateAppleClientSecret(input) };
    });
  };
}
