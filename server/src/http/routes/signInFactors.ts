import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { App } from "../../app.js";
import { formOf, keepRawBodies } from "../body.js";
import { callerOf } from "../caller.js";

type ByCollection = FastifyRequest<{ Params: { collection: string }; Querystring: Record<string, unknown> }>;
type ByRecord = FastifyRequest<{ Params: { collection: string; id: string } }>;
type ById = FastifyRequest<{ Params: { id: string } }>;

const LOAD_ERROR = "An error occurred while loading the submitted data.";
const CODE = { code: "string" } as const;

/** Sign-in beyond passwords: email one-time codes, authenticator apps (records and admins) and their MFA step. */
export function signInFactorRoutes(app: App): FastifyPluginAsync {
  // Read from the app on every call: a restore reopens the services (app.reload).
  const factors = () => app.signInFactors;
  const adminTotp = () => app.adminTotp;

  return async (r) => {
    keepRawBodies(r);

    r.post("/collections/:collection/request-otp", async (req: ByCollection) =>
      factors().requestOtp(req.params.collection, formOf(req, { email: "string" }, LOAD_ERROR)),
    );

    r.post("/collections/:collection/auth-with-otp", async (req: ByCollection) =>
      factors().authWithOtp(req.params.collection, formOf(req, { otpId: "string", password: "string", mfaId: "string" }, LOAD_ERROR), callerOf(req), req.query),
    );

    r.post("/collections/:collection/auth-with-totp", async (req: ByCollection) =>
      factors().authWithTotp(req.params.collection, formOf(req, { mfaId: "string", code: "string" }, LOAD_ERROR), callerOf(req), req.query),
    );

    r.post("/collections/:collection/records/:id/totp", async (req: ByRecord) => factors().totpSetup(req.params.collection, req.params.id, callerOf(req)));

    r.post("/collections/:collection/records/:id/totp/confirm", async (req: ByRecord, reply) => {
      await factors().totpConfirm(req.params.collection, req.params.id, callerOf(req), formOf(req, CODE, LOAD_ERROR));
      return reply.status(204).send();
    });

    r.delete("/collections/:collection/records/:id/totp", async (req: ByRecord, reply) => {
      await factors().totpDelete(req.params.collection, req.params.id, callerOf(req), formOf(req, CODE, LOAD_ERROR));
      return reply.status(204).send();
    });

    r.post("/admins/auth-with-totp", async (req) => adminTotp().signIn(formOf(req, { mfaId: "string", code: "string" }, LOAD_ERROR)));

    r.post("/admins/:id/totp", async (req: ById) => adminTotp().setup(callerOf(req), req.params.id));

    r.post("/admins/:id/totp/confirm", async (req: ById, reply) => {
      await adminTotp().confirm(callerOf(req), req.params.id, formOf(req, CODE, LOAD_ERROR));
      return reply.status(204).send();
    });

    r.delete("/admins/:id/totp", async (req: ById, reply) => {
      await adminTotp().remove(callerOf(req), req.params.id, formOf(req, CODE, LOAD_ERROR));
      return reply.status(204).send();
    });
  };
}
