import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { App } from "../../app.js";
import { notFound } from "../../tools/errors.js";
import { requireAdmin } from "../guards.js";
import { collectionJson, type CollectionModel } from "../../collections/model.js";
import { readRequestBody } from "../../collections/form.js";
import type { ListQuery } from "../../query/types.js";

type ByName = FastifyRequest<{ Params: { idOrName: string } }>;

/** The collections API: admin only; bodies are read with the reference's JSON strictness. */
export function collectionRoutes(app: App): FastifyPluginAsync {
  const loadOr404 = (idOrName: string): CollectionModel => {
    const c = app.collections.find(idOrName);
    if (!c) throw notFound();
    return c;
  };
  const rawBody = (req: FastifyRequest) => readRequestBody(req.headers["content-type"], typeof req.body === "string" ? req.body : undefined);

  return async (r) => {
    r.removeAllContentTypeParsers();
    r.addContentTypeParser("*", { parseAs: "string" }, (_req, body, done) => done(null, body));

    r.get("/collections", async (req) => {
      requireAdmin(req);
      return app.collections.list(req.query as ListQuery);
    });

    r.get("/collections/:idOrName", async (req: ByName) => {
      requireAdmin(req);
      return collectionJson(loadOr404(req.params.idOrName));
    });

    r.post("/collections", async (req) => {
      requireAdmin(req);
      return collectionJson(app.collections.create(rawBody(req)));
    });

    r.patch("/collections/:idOrName", async (req: ByName) => {
      requireAdmin(req);
      const existing = loadOr404(req.params.idOrName);
      return collectionJson(app.collections.update(existing, rawBody(req)));
    });

    r.delete("/collections/:idOrName", async (req: ByName, reply) => {
      requireAdmin(req);
      await app.collections.delete(loadOr404(req.params.idOrName));
      return reply.status(204).send();
    });

    r.put("/collections/import", async (req, reply) => {
      requireAdmin(req);
      await app.collections.import(rawBody(req));
      return reply.status(204).send();
    });
  };
}
