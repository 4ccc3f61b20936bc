import multipart from "@fastify/multipart";
import type { FastifyPluginAsync } from "fastify";
import type { App } from "../../app.js";
import { ApiError, badRequest } from "../errors.js";
import { requireAdmin } from "../guards.js";
import { serveFile } from "../../files/serve.js";
import { sendServeResult } from "../../files/reply.js";
import { LoadError } from "../../settings/goJson.js";
import { decodeRequestBody } from "../../settings/requestBody.js";

const LOAD_FAILED = "An error occurred while loading the submitted data.";
const FORBIDDEN = "Insufficient permissions to access the resource.";

export function backupRoutes(app: App): FastifyPluginAsync {
  return async (r) => {
    // The create body is decoded with the reference's strictness (settings/goJson.ts), so
    // this plugin takes the raw text of any content type but multipart.
    r.removeAllContentTypeParsers();
    r.addContentTypeParser("*", { parseAs: "string" }, (_req, body, done) => done(null, body));
    // Uploads stream to a temp file; archives have no size limit here (the disk is the limit).
    await r.register(multipart, { limits: { fileSize: Infinity, files: 10, parts: 1000 } });

    r.get("/backups", async (req) => {
      requireAdmin(req);
      return app.backups.list();
    });

    r.post("/backups", async (req, reply) => {
      requireAdmin(req);
      const form = { name: "" };
      try {
        decodeRequestBody(req.headers["content-type"], req.body as string | undefined, { name: "string" }, form);
      } catch (err) {
        if (err instanceof LoadError) throw badRequest(LOAD_FAILED);
        throw err;
      }
      await app.backups.create(form.name);
      return reply.status(204).send();
    });

    r.post("/backups/upload", async (req, reply) => {
      requireAdmin(req);
      if (!req.isMultipart()) throw badRequest("Missing or invalid uploaded file.");
      let uploaded = false;
      for await (const part of req.parts()) {
        if (part.type !== "file") continue;
        if (part.fieldname === "file" && !uploaded && part.filename !== "") {
          uploaded = true;
          await app.backups.upload(part.file, part.filename);
        } else part.file.resume();
      }
      if (!uploaded) throw badRequest("Missing or invalid uploaded file.");
      return reply.status(204).send();
    });

    r.get<{ Params: { key: string }; Querystring: { token?: string | string[] } }>("/backups/:key", async (req, reply) => {
      const token = Array.isArray(req.query.token) ? req.query.token[0] : req.query.token;
      const admin = token ? await app.admins.fromFileToken(token).catch(() => null) : null;
      if (!admin) throw new ApiError(403, FORBIDDEN);
      const key = req.params.key;
      const found = await app.backups.lookup(key, "stat");
      const res = "stat" in found ? await serveFile(app.backups.storage(), key, req, { download: true, stat: found.stat }) : null;
      if (!res) throw badRequest(`Failed to retrieve backup item. Raw error: \n${"missing" in found ? found.missing : ""}`);
      // Unlike record files, the reference keeps its frame headers on backup downloads.
      return sendServeResult(reply, { ...res, removeHeaders: [] });
    });

    r.delete<{ Params: { key: string } }>("/backups/:key", async (req, reply) => {
      requireAdmin(req);
      await app.backups.delete(req.params.key);
      return reply.status(204).send();
    });

    r.post<{ Params: { key: string } }>("/backups/:key/restore", async (req, reply) => {
      requireAdmin(req);
      await app.backups.restore(req.params.key);
      return reply.status(204).send();
    });
  };
}
