import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { App } from "../../app.js";
import { readRequestBody } from "../../collections/form.js";
import type { ListQuery } from "../../query/types.js";
import { keepRawBodies, rawBody } from "../body.js";
import { callerOf } from "../caller.js";

type ByName = FastifyRequest<{ Params: { idOrName: string } }>;

/** The collections API (admins only, checked by the service); bodies are read with the reference's JSON strictness. */
export function collectionRoutes(app: App): FastifyPluginAsync {
  // Read from the app on every call: a restore reopens the services (app.reload).
  const svc = () => app.collections;
  // Read lazily: the service checks access (and existence) before the body is decoded.
  const bodyOf = (req: FastifyRequest) => () => readRequestBody(req.headers["content-type"], rawBody(req));

  return async (r) => {
    keepRawBodies(r);

    r.get("/collections", async (req) => svc().list(callerOf(req), req.query as ListQuery));

    r.get("/collections/:idOrName", async (req: ByName) => svc().view(callerOf(req), req.params.idOrName));

    r.post("/collections", async (req) => svc().create(callerOf(req), bodyOf(req)));

    r.patch("/collections/:idOrName", async (req: ByName) => svc().update(callerOf(req), req.params.idOrName, bodyOf(req)));

    r.delete("/collections/:idOrName", async (req: ByName, reply) => {
      await svc().delete(callerOf(req), req.params.idOrName);
      return reply.status(204).send();
    });

    r.put("/collections/import", async (req, reply) => {
      await svc().import(callerOf(req), bodyOf(req));
      return reply.status(204).send();
    });
  };
}
