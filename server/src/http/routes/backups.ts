import multipart from "@fastify/multipart";
import type { FastifyPluginAsync } from "fastify";
import type { App } from "../../app.js";
import { badRequest } from "../../tools/errors.js";
import { callerOf } from "../caller.js";
import { serveFile } from "../fileServe.js";
import { sendServeResult } from "../fileReply.js";
import { LoadError } from "../../tools/goJson.js";
import { decodeRequestBody } from "../../tools/requestBody.js";

const LOAD_FAILED = "An error occurred while loading the submitted data.";

export function backupRoutes(app: App): FastifyPluginAsync {
  return async (r) => {
    // The create body is decoded with the reference's strictness (settings/goJson.ts), so
    // this plugin takes the raw text of any content type but multipart.
    r.removeAllContentTypeParsers();
    r.addContentTypeParser("*", { parseAs: "string" }, (_req, body, done) => done(null, body));
    // Uploads stream to a temp file; archives have no size limit here (the disk is the limit).
    await r.register(multipart, { limits: { fileSize: Infinity, files: 10, parts: 1000 } });

    r.get("/backups", async (req) => {
      return app.backups.list(callerOf(req));
    });

    // Cairn only (the reference reads this path as a download of a backup named "progress",
    // which backup names cannot be: they end in .zip).
    r.get("/backups/progress", async (req) => {
      return app.backups.progressReport(callerOf(req));
    });

    r.post("/backups", async (req, reply) => {
      const who = callerOf(req);
      app.backups.authorize(who); // refused before the body is read, as the reference does
      const form = { name: "" };
      try {
        decodeRequestBody(req.headers["content-type"], req.body as string | undefined, { name: "string" }, form);
      } catch (err) {
        if (err instanceof LoadError) throw badRequest(LOAD_FAILED);
        throw err;
      }
      await app.backups.create(who, form.name);
      return reply.status(204).send();
    });

    r.post("/backups/upload", async (req, reply) => {
      const who = callerOf(req);
      app.backups.authorize(who); // refused before the body is read, as the reference does
      if (!req.isMultipart()) throw badRequest("Missing or invalid uploaded file.");
      let uploaded = false;
      for await (const part of req.parts()) {
        if (part.type !== "file") continue;
        if (part.fieldname === "file" && !uploaded && part.filename !== "") {
          uploaded = true;
          await app.backups.upload(who, part.file, part.filename);
        } else part.file.resume();
      }
      if (!uploaded) throw badRequest("Missing or invalid uploaded file.");
      return reply.status(204).send();
    });

    r.get<{ Params: { key: string }; Querystring: { token?: string | string[] } }>("/backups/:key", async (req, reply) => {
      const token = Array.isArray(req.query.token) ? req.query.token[0] : req.query.token;
      await app.backups.authorizeDownload(token);
      const key = req.params.key;
      const found = await app.backups.lookup(key, "stat");
      const res = "stat" in found ? await serveFile(app.backups.storage(), key, req, { download: true, stat: found.stat }) : null;
      if (!res) throw badRequest(`Failed to retrieve backup item. Raw error: \n${"missing" in found ? found.missing : ""}`);
      // Unlike record files, the reference keeps its frame headers on backup downloads.
      return sendServeResult(reply, { ...res, removeHeaders: [] });
    });

    r.delete<{ Params: { key: string } }>("/backups/:key", async (req, reply) => {
      await app.backups.delete(callerOf(req), req.params.key);
      return reply.status(204).send();
    });

    r.post<{ Params: { key: string } }>("/backups/:key/restore", async (req, reply) => {
      await app.backups.restore(callerOf(req), req.params.key);
      return reply.status(204).send();
    });
  };
}
