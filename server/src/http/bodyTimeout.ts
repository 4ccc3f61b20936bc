import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** How long a request body may stall (no byte arriving while the server reads it) by default. */
export const DEFAULT_BODY_TIMEOUT_MS = 60_000;

/** How long a client may take to send a request's head (line and headers) by default: Node's own. */
export const DEFAULT_HEADERS_TIMEOUT_MS = 60_000;

const TIMED_OUT = { code: 408, message: "Request Timeout.", data: {} };

/**
 * Ends requests whose body stops arriving for `ms` with `408` (and closes the connection): a
 * stalled client then holds no connection, handler or upload slot for longer than that.
 * Only time spent waiting on the client counts: a body nobody reads yet (the request waits for
 * its turn) or read slower than it arrives (a slow disk or bucket) never times out, however
 * long it takes as a whole. 0 turns it off.
 */
export function registerBodyTimeout(server: FastifyInstance, ms: number): void {
  if (ms <= 0) return;
  server.addHook("onRequest", (req, reply, done) => {
    if (!req.raw.complete && hasBody(req)) watchBody(req, reply, ms);
    done();
  });
}

const hasBody = (req: FastifyRequest) => req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;

function watchBody(req: FastifyRequest, reply: FastifyReply, ms: number): void {
  const raw = req.raw;
  const socket = raw.socket;
  let seen = socket.bytesRead;
  let since = Date.now();
  // Polled, not a 'data' listener: listening would start the body flowing before its reader is there.
  const timer = setInterval(() => {
    if (raw.complete || raw.destroyed) return clearInterval(timer);
    if (socket.bytesRead !== seen || raw.readableFlowing !== true) {
      seen = socket.bytesRead;
      since = Date.now();
      return;
    }
    if (Date.now() - since < ms) return;
    clearInterval(timer);
    // The body's reader (a route streaming it, the body parser) fails on this and cleans up.
    // Once answered, Node no longer tells the request its connection is gone.
    const end = () => raw.destroy(new Error("request body timed out"));
    if (reply.sent) return end();
    reply.raw.once("close", end);
    void reply.code(408).header("connection", "close").send(TIMED_OUT);
  }, Math.max(10, Math.floor(ms / 4)));
  raw.once("close", () => clearInterval(timer));
}
