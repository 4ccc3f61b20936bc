import type { FastifyInstance, FastifyRequest } from "fastify";
import type { App } from "../app.js";
import { countedMethod } from "../ratelimit/limiter.js";
import { routedPaths, unroutedPath } from "../ratelimit/paths.js";
import { actionTags, routeAction } from "../ratelimit/tags.js";

export const TOO_MANY = "Too Many Requests.";

/**
 * The socket's address: Cairn has no trusted-proxy setting, and forwarding headers can be set
 * by any client, so they never pick the counter.
 */
function clientIp(req: FastifyRequest): string {
  const ip = req.socket?.remoteAddress ?? "";
  return ip.startsWith("::ffff:") && ip.includes(".") ? ip.slice(7) : ip;
}

/**
 * What the request resolved to, after the router's own normalisation: its route with the
 * decoded params and the collection it names (by name or id, any case), and that route's tags.
 */
function targetOf(app: App, req: FastifyRequest, method: string): { paths: string[]; tags: string[] } {
  const pattern = req.routeOptions.url;
  if (pattern === undefined) return { paths: [unroutedPath(req.url)], tags: [] };
  const params = (req.params ?? {}) as Record<string, string | undefined>;
  const ref = params.collection ?? params.idOrName;
  const collection = ref === undefined ? undefined : app.collections.find(ref);
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
    const hit = limiter.hit({
      method,
      ...targetOf(app, req, method),
      authId: req.auth.admin ? `admin:${req.auth.admin.id}` : req.auth.record ? String(req.auth.record.record.id) : "",
      ip: clientIp(req),
    });
    if (!hit) return done();
    reply.header("Retry-After", String(hit.retryAfter));
    reply.status(429).send({ code: 429, message: TOO_MANY, data: {} }); // answered: the chain stops here
  });
}
