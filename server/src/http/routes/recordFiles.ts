import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { App } from "../../app.js";
import { canAccessFile, fileForbidden, resolveFileToken } from "../../files/access.js";
import { serveRecordFile } from "../../files/recordFiles.js";
import { dropFileHeaders, sendServeResult } from "../fileReply.js";
import { parseDownloadFlag } from "../../files/serve.js";
import { notFound } from "../../tools/errors.js";

type FileReq = FastifyRequest<{ Params: { collection: string; record: string; filename: string }; Querystring: Record<string, unknown> }>;

const first = (v: unknown): string | undefined => {
  const x = Array.isArray(v) ? v[0] : v;
  return typeof x === "string" ? x : undefined;
};

/** GET /api/files/:collection/:record/:filename: a record's file or thumb; protected files need `?token=`. */
export function recordFileRoutes(app: App): FastifyPluginAsync {
  return async (r) => {
    const handler = async (req: FileReq, reply: import("fastify").FastifyReply) => {
      const records = app.records;
      const c = app.collections.find(req.params.collection);
      if (!c) throw notFound();
      const rec = records.find(c, req.params.record);
      if (!rec) throw notFound();
      const filename = req.params.filename;
      const field = c.schema.find((f) => {
        if (f.type !== "file") return false;
        const v = rec[f.name];
        return Array.isArray(v) ? v.includes(filename) : v === filename;
      });
      if (!field) throw notFound();
      const opts = field.options as { protected?: boolean; thumbs?: string[] | null };
      if (opts.protected) {
        const who = await resolveFileToken({ admins: app.admins, recordFromFileToken: (t) => app.recordAuth.fromFileToken(t) }, first(req.query.token));
        const ok = await canAccessFile(true, who, (auth) => {
          if (c.viewRule === null) return false;
          try {
            records.view(c, String(rec.id), {
              admin: false,
              info: { auth, method: "GET", query: req.query, headers: req.headers as Record<string, unknown>, context: "protectedFile" },
            });
            return true;
          } catch {
            return false;
          }
        });
        if (!ok) throw fileForbidden();
      }
      const { fs, thumbs } = records.storage();
      const res = await serveRecordFile(fs, thumbs, {
        method: req.method,
        headers: req.headers,
        collectionId: c.id,
        recordId: String(rec.id),
        filename,
        fieldThumbs: opts.thumbs ?? null,
        thumb: first(req.query.thumb),
        download: parseDownloadFlag(first(req.query.download)),
      });
      if (!res) {
        dropFileHeaders(reply);
        throw notFound();
      }
      return sendServeResult(reply, res);
    };
    r.get("/files/:collection/:record/:filename", handler);
  };
}
