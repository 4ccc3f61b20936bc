import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { App } from "../../app.js";
import type { OAuth2LoginInput } from "../../records/oauth2Login.js";
import { formOf, keepRawBodies } from "../body.js";
import { callerOf } from "../caller.js";

type ByCollection = FastifyRequest<{ Params: { collection: string }; Querystring: Record<string, unknown> }>;
type ByRecord = FastifyRequest<{ Params: { collection: string; id: string; provider?: string } }>;

const LOAD_ERROR = "An error occurred while loading the submitted data.";

/** OAuth2 sign-in of auth records and the records' OAuth2 links. */
export function recordOAuth2Routes(app: App): FastifyPluginAsync {
  return async (r) => {
    keepRawBodies(r);

    r.post("/collections/:collection/auth-with-oauth2", async (req: ByCollection) => {
      const read = formOf<OAuth2LoginInput>(
        req,
        { provider: "string", code: "string", codeVerifier: "string", redirectUrl: "string", createData: "freeObject", mfaId: "string" },
        LOAD_ERROR,
      );
      return app.oauth2Login.authWithOAuth2(req.params.collection, read, callerOf(req), req.query);
    });

    r.get("/collections/:collection/records/:id/external-auths", async (req: ByRecord) =>
      app.externalAuths.listFor(req.params.collection, req.params.id, callerOf(req)),
    );

    r.delete("/collections/:collection/records/:id/external-auths/:provider", async (req: ByRecord, reply) => {
      await app.externalAuths.unlinkFor(req.params.collection, req.params.id, req.params.provider ?? "", callerOf(req));
      return reply.status(204).send();
    });
  };
}
