import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { App } from "../../app.js";
import { readBody } from "../../forms/body.js";
import { authOptions, isAuth } from "../../models/collection.js";
import { ApiError, badRequest, forbidden, unauthorized } from "../errors.js";
import { requester } from "./records.js";

type ByCollection = FastifyRequest<{ Params: { collection: string }; Querystring: Record<string, unknown> }>;

const LOAD_ERROR = "An error occurred while loading the submitted data.";

/** Auth records: sign in with a password and refresh a token. */
export function recordAuthRoutes(app: App): FastifyPluginAsync {
  const authCollection = (idOrName: string) => {
    const c = app.records.collection(idOrName);
    if (!isAuth(c)) throw badRequest("Unsupported collection type.");
    return c;
  };

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
      if (opts.onlyVerified && a.record.verified !== true) throw forbidden("Please verify your email first.");
      const who = { admin: false, info: { auth: { collection: c, record: a.record }, method: req.method } };
      return { record: app.records.present(c, a.record, who, req.query), token: await app.recordAuth.authToken(a) };
    });

    r.post("/collections/:collection/auth-refresh", async (req: ByCollection) => {
      const c = authCollection(req.params.collection);
      const who = await requester(app, req);
      const auth = who.info.auth;
      if (!auth || auth.collection.id !== c.id) throw unauthorized("The request requires valid record authorization token to be set.");
      const a = { collection: c, record: auth.record };
      return { record: app.records.present(c, a.record, who, req.query), token: await app.recordAuth.authToken(a) };
    });
  };
}
