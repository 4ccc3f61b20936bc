import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { App } from "../../app.js";
import { formOf, keepRawBodies } from "../body.js";
import { callerOf } from "../caller.js";

type ByCollection = FastifyRequest<{ Params: { collection: string }; Querystring: Record<string, unknown> }>;

const LOAD_ERROR = "An error occurred while loading the submitted data.";

/** Auth records: sign in with a password, refresh a token, auth methods and the mail flows (verification, password reset, email change). */
export function recordAuthRoutes(app: App): FastifyPluginAsync {
  // Read from the app on every call: a restore reopens the services (app.reload).
  const auth = () => app.recordAuth;
  const flows = () => app.recordAuthFlows;

  return async (r) => {
    keepRawBodies(r);

    r.post("/collections/:collection/auth-with-password", async (req: ByCollection) =>
      auth().signInWithPassword(req.params.collection, formOf(req, { identity: "string", password: "string", mfaId: "string" }, LOAD_ERROR), callerOf(req), req.query),
    );

    r.post("/collections/:collection/auth-refresh", async (req: ByCollection) => auth().refresh(req.params.collection, callerOf(req), req.query));

    r.get("/collections/:collection/auth-methods", async (req: ByCollection) => flows().methods(req.params.collection));

    r.post("/collections/:collection/request-verification", async (req: ByCollection, reply) => {
      await flows().verificationRequest(req.params.collection, formOf(req, { email: "string" }, LOAD_ERROR));
      return reply.status(204).send();
    });

    r.post("/collections/:collection/confirm-verification", async (req: ByCollection, reply) => {
      await flows().verificationConfirm(req.params.collection, formOf(req, { token: "string" }, LOAD_ERROR));
      return reply.status(204).send();
    });

    r.post("/collections/:collection/request-password-reset", async (req: ByCollection, reply) => {
      await flows().passwordResetRequest(req.params.collection, formOf(req, { email: "string" }, LOAD_ERROR));
      return reply.status(204).send();
    });

    r.post("/collections/:collection/confirm-password-reset", async (req: ByCollection, reply) => {
      await flows().passwordResetConfirm(req.params.collection, formOf(req, { token: "string", password: "string", passwordConfirm: "string" }, LOAD_ERROR));
      return reply.status(204).send();
    });

    r.post("/collections/:collection/request-email-change", async (req: ByCollection, reply) => {
      await flows().emailChangeRequest(req.params.collection, callerOf(req), formOf(req, { newEmail: "string" }, LOAD_ERROR));
      return reply.status(204).send();
    });

    r.post("/collections/:collection/confirm-email-change", async (req: ByCollection, reply) => {
      await flows().emailChangeConfirm(req.params.collection, formOf(req, { token: "string", password: "string" }, LOAD_ERROR));
      return reply.status(204).send();
    });
  };
}
