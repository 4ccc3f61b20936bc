import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { App } from "../../app.js";
import { DEFAULT_MAX_BODY, type BatchResult } from "../../batch/service.js";
import { callerOf } from "../caller.js";
import { INVALID_BODY } from "../body.js";
import { rateLimitClient } from "../rateLimit.js";
import { decodeMultipart } from "../recordBody.js";

interface RawBatchBody {
  contentType: string;
  raw: Buffer;
}

/** The body as decoded values and uploads: JSON, or multipart (`@jsonPayload` plus `requests.N.field` files). */
async function decode(body: RawBatchBody) {
  const type = body.contentType.toLowerCase();
  // The boundary keeps its case (browsers' have capitals).
  if (type.startsWith("multipart/form-data")) return decodeMultipart(body.contentType, body.raw);
  if (!type.startsWith("application/json")) return { data: INVALID_BODY, files: new Map() };
  try {
    return { data: JSON.parse(body.raw.toString("utf8")) as unknown, files: new Map() };
  } catch {
    return { data: INVALID_BODY, files: new Map() };
  }
}

/** A sub-request's answer as the reference writes it: the saved record, or no content for a delete. */
const subResponse = (r: BatchResult) => (r.action === "delete" ? { status: 204, body: null } : { status: 200, body: r.record });

/** `POST /api/batch`: transactional record writes (see batch/service.ts). */
export function batchRoutes(app: App): FastifyPluginAsync {
  return async (r) => {
    r.removeAllContentTypeParsers();
    // Kept raw: the size is checked against the settings before anything is decoded.
    r.addContentTypeParser("*", { parseAs: "buffer" }, (req, body, done) => {
      done(null, { contentType: req.headers["content-type"] ?? "", raw: body as Buffer });
    });
    r.post("/batch", { bodyLimit: DEFAULT_MAX_BODY }, async (req: FastifyRequest) => {
      const body = (req.body as RawBatchBody | undefined) ?? { contentType: "", raw: Buffer.alloc(0) };
      const limits = { limiter: app.rateLimits, client: rateLimitClient(req) };
      const results = await app.batch.run({ size: body.raw.length, decode: () => decode(body), limits }, callerOf(req));
      return results.map(subResponse);
    });
  };
}
