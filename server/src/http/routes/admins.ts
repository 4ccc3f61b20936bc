import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { App } from "../../app.js";
import type { AdminInput } from "../../admins/service.js";
import type { ListQuery } from "../../query/types.js";
import { formOf, keepRawBodies } from "../body.js";
import { callerOf } from "../caller.js";

const UPSERT = { id: "string", email: "string", avatar: "int", password: "string", passwordConfirm: "string" } as const;
const INVALID = "Failed to load the submitted data due to invalid formatting.";

type ById = FastifyRequest<{ Params: { id: string } }>;

export function adminRoutes(app: App): FastifyPluginAsync {
  // Read from the app on every call: a restore reopens the services (app.reload).
  const admins = () => app.admins;
  return async (r) => {
    keepRawBodies(r);

    r.post("/admins/auth-with-password", async (req) =>
      admins().signIn(formOf(req, { identity: "string", password: "string" }, "An error occurred while loading the submitted data.")),
    );

    r.post("/admins/auth-refresh", async (req) => admins().refresh(callerOf(req)));

    r.post("/admins/request-password-reset", async (req, reply) => {
      admins().requestReset(formOf(req, { email: "string" }, "An error occurred while validating the form."), (err) =>
        app.logs.error("Failed to send admin password reset email.", err),
      );
      return reply.status(204).send();
    });

    r.post("/admins/confirm-password-reset", async (req, reply) => {
      await admins().confirmReset(formOf(req, { token: "string", password: "string", passwordConfirm: "string" }, INVALID));
      return reply.status(204).send();
    });

    r.get("/admins", async (req) => admins().list(callerOf(req), req.query as ListQuery));

    r.get("/admins/:id", async (req: ById) => admins().view(callerOf(req), req.params.id));

    r.post("/admins", async (req) => admins().create(callerOf(req), formOf<AdminInput>(req, UPSERT, INVALID)));

    r.patch("/admins/:id", async (req: ById) => admins().update(callerOf(req), req.params.id, formOf<AdminInput>(req, UPSERT, INVALID)));

    r.delete("/admins/:id", async (req: ById, reply) => {
      await admins().delete(callerOf(req), req.params.id);
      return reply.status(204).send();
    });
  };
}
