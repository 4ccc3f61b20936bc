import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { App } from "../../app.js";
import { badRequest } from "../../tools/errors.js";
import { INVALID_BODY } from "../body.js";
import type { SseSink } from "../../realtime/client.js";

/** The headers the reference's event stream answers with (plus CORS and the security headers set earlier). */
const SSE_HEADERS = {
  "Content-Type": "text/event-stream",
  "Cache-Control": "no-store",
  "X-Accel-Buffering": "no",
  Vary: "Origin",
};

const str = (v: unknown): string | undefined => (typeof v === "string" ? v : Array.isArray(v) && typeof v[0] === "string" ? v[0] : undefined);

/** Realtime: the SSE stream, the subscriptions call and the OAuth2 popup flow's redirect. */
export function realtimeRoutes(app: App): FastifyPluginAsync {
  // Read from the app on every call: a restore reopens the services (app.reload).
  const rt = () => app.realtime;
  return async (r) => {
    // Multipart bodies (subscriptions, the OAuth2 form_post redirect) are decoded here.
    r.addContentTypeParser("multipart/form-data", { parseAs: "buffer" }, (req, body, done) => {
      new Response(new Uint8Array(body as Buffer), { headers: { "content-type": req.headers["content-type"] ?? "" } })
        .formData()
        .then((form) => {
          const out: Record<string, unknown> = {};
          for (const [k, v] of form.entries()) {
            if (typeof v !== "string") continue;
            if (k in out) out[k] = ([] as unknown[]).concat(out[k], v);
            else out[k] = v;
          }
          done(null, out);
        })
        .catch(() => done(null, INVALID_BODY));
    });
    r.addHook("preClose", async () => rt().disconnectAll());

    // The stream is written on the raw response: Fastify's reply is done once the headers go out.
    r.get("/realtime", (req: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const res = reply.raw;
      // A client that hung up while its request waited (http/turnGate.ts) is gone already: its
      // `close` has fired, so registering it would keep it (and its socket) until the idle sweep.
      if (res.destroyed || req.socket.destroyed) return;
      const headers: Record<string, string | number | string[]> = {};
      for (const [k, v] of Object.entries(reply.getHeaders())) if (v !== undefined) headers[k] = v as string | number | string[];
      res.writeHead(200, { ...headers, ...SSE_HEADERS });
      res.flushHeaders();
      req.socket.setNoDelay(true);
      const sink: SseSink = {
        write: (chunk) => void res.write(chunk),
        buffered: () => res.writableLength,
        close: (abort) => (abort ? res.destroy() : res.end()),
      };
      const client = rt().connect(sink);
      res.on("close", () => rt().disconnect(client));
    });

    r.post("/realtime", async (req, reply) => {
      const body = req.body;
      if (body === INVALID_BODY || (body !== undefined && (typeof body !== "object" || body === null || Array.isArray(body)))) throw badRequest();
      const input = { ...(body as Record<string, unknown> | undefined) };
      // Form bodies carry a single subscription as a plain value.
      if (typeof input.subscriptions === "string" && !req.headers["content-type"]?.includes("json")) input.subscriptions = [input.subscriptions];
      // A promise when the client is held by another node (the call is run there).
      await rt().subscribe(input, req.auth);
      return reply.status(204).send();
    });

    // The reference keeps these out of the request log.
    const redirect = async (req: FastifyRequest, reply: FastifyReply) => {
      const src = (req.method === "POST" ? req.body : req.query) as Record<string, unknown> | undefined;
      const params = src && typeof src === "object" ? src : {};
      const ok = await rt().oauth2Redirect({ state: str(params.state), code: str(params.code), error: str(params.error) });
      const status = req.method === "POST" ? 303 : 307;
      return reply.redirect(ok ? "../_/#/auth/oauth2-redirect-success" : "../_/#/auth/oauth2-redirect-failure", status);
    };
    r.get("/oauth2-redirect", { config: { skipRequestLog: true } }, redirect);
    r.post("/oauth2-redirect", { config: { skipRequestLog: true } }, redirect);
  };
}
