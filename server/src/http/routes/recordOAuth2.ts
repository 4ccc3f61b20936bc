import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { App } from "../../app.js";
import { readBody } from "../../forms/body.js";
import { authOptions, isAuth } from "../../models/collection.js";
import { ApiError, badRequest, forbidden } from "../errors.js";
import { requester } from "./records.js";

type ByCollection = FastifyRequest<{ Params: { collection: string }; Querystring: Record<string, unknown> }>;
type ByRecord = FastifyRequest<{ Params: { collection: string; id: string; provider?: string } }>;

const LOAD_ERROR = "An error occurred while loading the submitted data.";

/** OAuth2 sign-in of auth records and the records' OAuth2 links. */
export function recordOAuth2Routes(app: App): FastifyPluginAsync {
  const authCollection = (idOrName: string) => {
    const c = app.records.collection(idOrName);
    if (!isAuth(c)) throw badRequest("Unsupported collection type.");
    return c;
  };

  return async (r) => {
    r.post("/collections/:collection/auth-with-oauth2", async (req: ByCollection) => {
      const c = authCollection(req.params.collection);
      if (!authOptions(c).allowOAuth2Auth) throw badRequest("The collection is not configured to allow OAuth2 authentication.");
      const body = readBody(req.body, { provider: "string", code: "string", codeVerifier: "string", redirectUrl: "string", createData: "any" }, LOAD_ERROR);
      const createData = body.createData;
      if (createData !== undefined && (typeof createData !== "object" || Array.isArray(createData))) throw new ApiError(400, LOAD_ERROR);
      const who = await requester(app, req);
      const { auth, meta } = await app.oauth2Login.signIn(c, { ...body, createData: createData as Record<string, unknown> | undefined }, {
        admin: who.admin,
        record: req.auth.record,
        info: who.info,
      });
      if (authOptions(c).onlyVerified && auth.record.verified !== true) throw forbidden("Please verify your email first.");
      const self = { admin: false, info: { auth: { collection: c, record: auth.record }, method: req.method } };
      return {
        meta: {
          id: meta.id,
          name: meta.name,
          username: meta.username,
          email: meta.email,
          avatarUrl: meta.avatarUrl,
          accessToken: meta.accessToken,
          refreshToken: meta.refreshToken,
          expiry: meta.expiry,
          rawUser: meta.rawUser,
          isNew: meta.isNew,
        },
        record: app.records.present(c, auth.record, self, req.query),
        token: await app.recordAuth.authToken(auth),
      };
    });

    r.get("/collections/:collection/records/:id/external-auths", async (req: ByRecord) => {
      const c = authCollection(req.params.collection);
      return app.externalAuths.list(c, req.params.id, { admin: !!req.auth.admin, record: req.auth.record });
    });

    r.delete("/collections/:collection/records/:id/external-auths/:provider", async (req: ByRecord, reply) => {
      const c = authCollection(req.params.collection);
      app.externalAuths.unlink(c, req.params.id, req.params.provider ?? "", { admin: !!req.auth.admin, record: req.auth.record });
      return reply.status(204).send();
    });
  };
}
