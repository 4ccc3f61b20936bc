import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { App } from "../../app.js";
import { notFound, unauthorized } from "../../tools/errors.js";
import { requireAdmin } from "../guards.js";
import { readBody } from "../body.js";
import { adminJson, ADMIN_COLUMNS, type AdminRow } from "../../admins/model.js";
import { runList } from "../../query/list.js";
import { tableResolver } from "../../query/tableResolver.js";
import type { ListQuery } from "../../query/types.js";

const UPSERT = { id: "string", email: "string", avatar: "int", password: "string", passwordConfirm: "string" } as const;

export function adminRoutes(app: App): FastifyPluginAsync {
  const resolver = tableResolver("_admins", ADMIN_COLUMNS);

  const loadOr404 = (id: string): AdminRow => {
    const admin = app.admins.findById(id);
    if (!admin) throw notFound();
    return admin;
  };

  const authResponse = async (admin: AdminRow) => ({ admin: adminJson(admin), token: await app.admins.authToken(admin) });

  return async (r) => {
    r.post("/admins/auth-with-password", async (req) => {
      const body = readBody(req.body, { identity: "string", password: "string" }, "An error occurred while loading the submitted data.");
      app.admins.validateSignIn(body);
      return authResponse(await app.admins.authenticate(body.identity!, body.password!));
    });

    r.post("/admins/auth-refresh", async (req) => authResponse(requireAdmin(req)));

    r.post("/admins/request-password-reset", async (req, reply) => {
      const body = readBody(req.body, { email: "string" }, "An error occurred while validating the form.");
      app.admins.validateResetRequest(body);
      // Mail goes out in the background so response time does not reveal whether the email exists.
      app.admins.requestPasswordReset(body.email!).catch((err) => app.logs.error("Failed to send admin password reset email.", err));
      return reply.status(204).send();
    });

    r.post("/admins/confirm-password-reset", async (req, reply) => {
      const body = readBody(req.body, { token: "string", password: "string", passwordConfirm: "string" });
      await app.admins.confirmPasswordReset(body);
      return reply.status(204).send();
    });

    r.get("/admins", async (req) => {
      requireAdmin(req);
      return runList(app.db, {
        table: "_admins",
        resolver,
        query: req.query as ListQuery,
        mapRow: (row) => adminJson(row as unknown as AdminRow),
      });
    });

    r.get("/admins/:id", async (req: FastifyRequest<{ Params: { id: string } }>) => {
      requireAdmin(req);
      return adminJson(loadOr404(req.params.id));
    });

    // Without auth only the installer may create an admin, and only while none exists.
    r.post("/admins", async (req) => {
      if (!req.auth.admin && app.admins.count() > 0) throw unauthorized("The request requires valid admin authorization token to be set.");
      const admin = await app.admins.create(readBody(req.body, UPSERT));
      return adminJson(admin);
    });

    r.patch("/admins/:id", async (req: FastifyRequest<{ Params: { id: string } }>) => {
      requireAdmin(req);
      const admin = loadOr404(req.params.id);
      const { id: _ignored, ...input } = readBody(req.body, UPSERT);
      return adminJson(await app.admins.update(admin, input));
    });

    r.delete("/admins/:id", async (req: FastifyRequest<{ Params: { id: string } }>, reply) => {
      requireAdmin(req);
      app.admins.delete(loadOr404(req.params.id));
      return reply.status(204).send();
    });
  };
}
