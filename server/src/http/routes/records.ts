import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { App } from "../../app.js";
import type { ListQuery } from "../../query/types.js";
import type { Requester } from "../../records/service.js";
import { MULTIPART } from "../../records/api.js";
import { INVALID_BODY } from "../../forms/body.js";

type ListReq = FastifyRequest<{ Params: { collection: string }; Querystring: ListQuery & Record<string, unknown> }>;
type OneReq = FastifyRequest<{ Params: { collection: string; id: string }; Querystring: Record<string, unknown> }>;

/** Who is asking, and the `@request.*` values the rules read. */
export async function requester(app: App, req: FastifyRequest, data?: unknown): Promise<Requester> {
  return {
    admin: !!req.auth.admin,
    info: {
      auth: req.auth.record,
      method: req.method,
      query: req.query as Record<string, unknown>,
      headers: req.headers as Record<string, unknown>,
      data: data && typeof data === "object" && !Array.isArray(data) ? (data as Record<string, unknown>) : {},
    },
  };
}

/** The records API of every collection: list, view, create, update, delete. */
export function recordRoutes(app: App): FastifyPluginAsync {
  const svc = app.records;
  return async (r) => {
    // Only JSON and multipart bodies load; an empty body or any other type is the reference's load error.
    r.removeAllContentTypeParsers();
    r.addContentTypeParser("*", (_req, _payload, done) => done(null, INVALID_BODY));
    r.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(null, INVALID_BODY);
      }
    });
    // Multipart bodies are read whole (within the server's body limit) and decoded by the records API.
    r.addContentTypeParser("multipart/form-data", { parseAs: "buffer" }, (req, body, done) => {
      done(null, { [MULTIPART]: true, contentType: req.headers["content-type"] ?? "", raw: body as Buffer });
    });

    r.get("/collections/:collection/records", async (req: ListReq) => {
      const c = svc.collection(req.params.collection);
      return svc.listJson(c, req.query, await requester(app, req));
    });

    r.get("/collections/:collection/records/:id", async (req: OneReq) => {
      const c = svc.collection(req.params.collection);
      const who = await requester(app, req);
      return svc.present(c, svc.view(c, req.params.id, who), who, req.query);
    });

    r.post("/collections/:collection/records", async (req: OneReq) => {
      const c = svc.collection(req.params.collection);
      const body = await svc.readBody(c, req);
      const who = await requester(app, req, svc.ruleData(c, body));
      return svc.present(c, await svc.createWithFiles(c, body, who), who, req.query);
    });

    r.patch("/collections/:collection/records/:id", async (req: OneReq) => {
      const c = svc.collection(req.params.collection);
      const body = await svc.readBody(c, req);
      const who = await requester(app, req, svc.ruleData(c, body, svc.find(c, req.params.id)));
      return svc.present(c, await svc.updateWithFiles(c, req.params.id, body, who), who, req.query);
    });

    r.delete("/collections/:collection/records/:id", async (req: OneReq, reply) => {
      const c = svc.collection(req.params.collection);
      await svc.deleteWithFiles(c, req.params.id, await requester(app, req));
      return reply.status(204).send();
    });
  };
}
