import type { FastifyInstance, FastifyRequest } from "fastify";
import type { App } from "../app.js";
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

function tagsOf(app: App, req: FastifyRequest): string[] {
  const action = routeAction(req.method, req.routeOptions.url ?? "");
  if (!action) return [];
  const param = (req.params as { collection?: string } | undefined)?.collection ?? "";
  const name = app.collections.find(param)?.name ?? param;
  return actionTags(name, action);
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
    const q = req.url.indexOf("?");
    const hit = limiter.hit({
      method: req.method,
      path: q >= 0 ? req.url.slice(0, q) : req.url,
      tags: tagsOf(app, req),
      authId: req.auth.admin ? `admin:${req.auth.admin.id}` : req.auth.record ? String(req.auth.record.record.id) : "",
      ip: clientIp(req),
    });
    if (!hit) return done();
    reply.header("Retry-After", String(hit.retryAfter));
    reply.status(429).send({ code: 429, message: TOO_MANY, data: {} }); // answered: the chain stops here
  });
}
