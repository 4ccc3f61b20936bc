import type { FastifyPluginAsync } from "fastify";
import type { App } from "../../app.js";
import { SettingsService } from "../../settings/service.js";
import { decodeRequestBody } from "../../tools/requestBody.js";
import { keepRawBodies, loading, rawBody, readForm } from "../body.js";
import { callerOf } from "../caller.js";

const LOAD_FAILED = "An error occurred while loading the submitted data.";

export function settingsRoutes(app: App): FastifyPluginAsync {
  const svc = new SettingsService(app);
  return async (r) => {
    // Bodies here are decoded with the reference's strictness (tools/goJson.ts).
    keepRawBodies(r);

    r.get("/settings", async (req) => svc.get(callerOf(req)));

    r.patch("/settings", async (req) =>
      svc.update(callerOf(req), (shape, target) => loading(LOAD_FAILED, () => decodeRequestBody(req.headers["content-type"], rawBody(req), shape, target))),
    );

    r.post("/settings/test/email", async (req, reply) => {
      await svc.testEmail(callerOf(req), () => readForm(req, { template: "string", email: "string" }, { template: "", email: "" }, LOAD_FAILED));
      return reply.status(204).send();
    });

    r.post("/settings/test/s3", async (req, reply) => {
      await svc.testS3(callerOf(req), () => readForm(req, { filesystem: "string" }, { filesystem: "" }, LOAD_FAILED));
      return reply.status(204).send();
    });

    r.post("/settings/apple/generate-client-secret", async (req) =>
      svc.appleClientSecret(callerOf(req), () =>
        readForm(
          req,
          { clientId: "string", teamId: "string", keyId: "string", privateKey: "string", duration: "int" },
          { clientId: "", teamId: "", keyId: "", privateKey: "", duration: 0 },
          LOAD_FAILED,
        ),
      ),
    );
  };
}
