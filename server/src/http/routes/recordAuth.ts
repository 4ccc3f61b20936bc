import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { App } from "../../app.js";
import { readBody } from "../../forms/body.js";
import { authOptions, isAuth } from "../../models/collection.js";
import { RecordAuthFlows } from "../../records/authFlows.js";
import { ApiError, badRequest, forbidden, unauthorized } from "../errors.js";
import { requester } from "./records.js";

type ByCollection = FastifyRequest<{ Params: { collection: string }; Querystring: Record<string, unknown> }>;

const LOAD_ERROR = "An error occurred while loading the submitted data.";

/** Auth records: sign in with a password, refresh a token, auth methods and the mail flows (verification, password reset, email change). */
export function recordAuthRoutes(app: App): FastifyPluginAsync {
  const authCollection = (idOrName: string) => {
    const c = app.records.collection(idOrName);
    if (!isAuth(c)) throw badRequest("Unsupported collection type.");
    return c;
  };
  const flows = new RecordAuthFlows(app);
  const background = (what: string, p: Promise<void>) => p.catch((err) => app.logs.error(`Failed to send ${what} email.`, err));

  return async (r) => {
    r.post("/collections/:collection/auth-with-password", async (req: ByCollection) => {
      const c = authCollection(req.params.collection);
      const body = readBody(req.body, { identity: "string", password: "string" }, LOAD_ERROR);
      const data: Record<string, unknown> = {};
      if (!body.identity) data.identity = { code: "validation_required", message: "Cannot be blank." };
      if (!body.password) data.password = { code: "validation_required", message: "Cannot be blank." };
      if (Object.keys(data).length) throw new ApiError(400, "Something went wrong while processing your request.", data);
      const opts = authOptions(c);
      if (!opts.allowEmailAuth && !opts.allowUsernameAuth) throw badRequest("The collection is not configured to allow password authentication.");
      const a = await app.recordAuth.authenticate(c, body.identity!, body.password!);
      if (!a) throw badRequest("Failed to authenticate.");
      await app.loginAlerts.afterPasswordLogin(c, a);
      if (opts.onlyVerified && a.record.verified !== true) throw forbidden("Please verify your email first.");
      const who = { admin: false, info: { auth: { collection: c, record: a.record }, method: req.method } };
      return { record: app.records.present(c, a.record, who, req.query), token: await app.recordAuth.authToken(a) };
    });

    r.post("/collections/:collection/auth-refresh", async (req: ByCollection) => {
      const c = authCollection(req.params.collection);
      const who = await requester(app, req);
      const auth = who.info.auth;
      if (!auth) throw unauthorized("The request requires valid record authorization token to be set.");
      if (auth.collection.id !== c.id) throw forbidden(`The request requires auth record from ${auth.collection.name} collection.`);
      if (authOptions(c).onlyVerified && auth.record.verified !== true) throw forbidden("Please verify your account first.");
      const a = { collection: c, record: auth.record };
      return { record: app.records.present(c, a.record, who, req.query), token: await app.recordAuth.authToken(a) };
    });

    r.get("/collections/:collection/auth-methods", async (req: ByCollection) => {
      return flows.authMethods(authCollection(req.params.collection));
    });

    r.post("/collections/:collection/request-verification", async (req: ByCollection, reply) => {
      const c = authCollection(req.params.collection);
      const body = readBody(req.body, { email: "string" }, LOAD_ERROR);
      flows.validateEmailRequest(body);
      // In the background, so the answer does not tell whether the email exists.
      void background("verification", flows.requestVerification(c, body.email!));
      return reply.status(204).send();
    });

    r.post("/collections/:collection/confirm-verification", async (req: ByCollection, reply) => {
      const c = authCollection(req.params.collection);
      const body = readBody(req.body, { token: "string" }, LOAD_ERROR);
      await flows.confirmVerification(c, body);
      return reply.status(204).send();
    });

    r.post("/collections/:collection/request-password-reset", async (req: ByCollection, reply) => {
      const c = authCollection(req.params.collection);
      const pwOpts = authOptions(c);
      if (!pwOpts.allowEmailAuth && !pwOpts.allowUsernameAuth) throw badRequest("The collection is not configured to allow password authentication.");
      const body = readBody(req.body, { email: "string" }, LOAD_ERROR);
      flows.validateEmailRequest(body);
      void background("password reset", flows.requestPasswordReset(c, body.email!));
      return reply.status(204).send();
    });

    r.post("/collections/:collection/confirm-password-reset", async (req: ByCollection, reply) => {
      const c = authCollection(req.params.collection);
      const body = readBody(req.body, { token: "string", password: "string", passwordConfirm: "string" }, LOAD_ERROR);
      await flows.confirmPasswordReset(c, body);
      return reply.status(204).send();
    });

    r.post("/collections/:collection/request-email-change", async (req: ByCollection, reply) => {
      const c = authCollection(req.params.collection);
      const auth = req.auth.record;
      if (!auth) throw unauthorized("The request requires valid record authorization token to be set.");
      if (auth.collection.id !== c.id) throw forbidden(`The request requires auth record from ${auth.collection.name} collection.`);
      const body = readBody(req.body, { newEmail: "string" }, LOAD_ERROR);
      await flows.requestEmailChange(c, auth, body);
      return reply.status(204).send();
    });

    r.post("/collections/:collection/confirm-email-change", async (req: ByCollection, reply) => {
      const c = authCollection(req.params.collection);
      const body = readBody(req.body, { token: "string", password: "string" }, LOAD_ERROR);
      await flows.confirmEmailChange(c, body);
      return reply.status(204).send();
    });
  };
}
