import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { App } from "../app.js";
import { countedMethod, type RateLimitClient, type RateLimitHit } from "../ratelimit/limiter.js";
import { routedPaths, unroutedPath } from "../ratelimit/paths.js";
import { actionTags, routeAction } from "../ratelimit/tags.js";
import { TooManyRequests } from "../ratelimit/tooMany.js";
import { errorBody, errorStatus } from "./errorResponse.js";

/**
 * The socket's address: Cairn has no trusted-proxy setting, and forwarding headers can be set
 * by any client, so they never pick the counter.
 */
function clientIp(req: FastifyRequest): string {
  const ip = req.socket?.remoteAddress ?? "";
  return ip.startsWith("::ffff:") && ip.includes(".") ? ip.slice(7) : ip;
}

/** Who the request counts for: a signed-in caller by id, a guest by address. */
export function rateLimitClient(req: FastifyRequest): RateLimitClient {
  return {
    authId: req.auth.admin ? `admin:${req.auth.admin.id}` : req.auth.record ? String(req.auth.record.record.id) : "",
    ip: clientIp(req),
  };
}

/**
 * What the request resolved to, after the router's own normalisation: its route with the
 * decoded params and the collection it names (by name or id, any case), and that route's tags.
 */
async function targetOf(app: App, req: FastifyRequest, method: string): Promise<{ paths: string[]; tags: string[] }> {
  const pattern = req.routeOptions.url;
  if (pattern === undefined) return { paths: [unroutedPath(req.url)], tags: [] };
  const params = (req.params ?? {}) as Record<string, string | undefined>;
  const ref = params.collection ?? params.idOrName;
  const collection = ref === undefined ? undefined : await app.collections.find(ref);
  const action = routeAction(method, pattern);
  const refs = collection ? [collection.name, collection.id] : [ref ?? ""];
  return { paths: routedPaths(pattern, params, collection), tags: action ? actionTags(refs, action) : [] };
}

/**
 * Rate limits from the settings (ratelimit/limiter.ts), checked once the caller is known and
 * before the body is read; a request over its rule's limit gets 429 with `Retry-After`.
 * When limits are off the hook does one boolean check.
 */
export function registerRateLimit(server: FastifyInstance, app: App): void {
  // Callback style: with limits off (the default) the hook costs no promise.
  server.addHook("onRequest", (req, reply, done) => {
    // Read from the app on every request: a restore reopens the services (app.reload).
    const limiter = app.rateLimits;
    if (!limiter.enabled) return done();
    const method = countedMethod(req.method);
    // The route's collection is looked up in the database, so the answer comes later.
    targetOf(app, req, method)
      .then((target) => limiter.hit({ method, ...target, ...rateLimitClient(req) }))
      .then((h) => answer(reply, h, done), done);
  });
}

/** Lets the request on, or answers 429 with `Retry-After` (the chain stops there). */
function answer(reply: FastifyReply, hit: RateLimitHit | null, done: (err?: Error) => void): void {
  if (!hit) return done();
  const refused = new TooManyRequests(hit.retryAfter);
  reply.header("Retry-After", String(refused.retryAfter));
  reply.status(errorStatus(refused)).send(errorBody(refused));
}
