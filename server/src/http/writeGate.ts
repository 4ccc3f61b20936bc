import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { App } from "../app.js";
import { bodyStillArriving } from "./recordBody.js";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);
const releases = new WeakMap<FastifyRequest, () => void>();
/** Routes that take the gate themselves (entering it as a writer first would wait on itself). */
const OWN_GATE = new Set(["/api/batch", "/api/collections/:collection/records/import"]);

/**
 * Holds requests back while a batch transaction runs (batch/batchGate.ts): reads wait for it to
 * end, writes also keep it waiting until they are answered. The batch and records import
 * routes take the gate themselves. Runs last before the handler, after auth and body parsing.
 */
export function registerWriteGate(server: FastifyInstance, app: App): void {
  // Callback style: a read while no batch runs passes without a promise.
  server.addHook("preHandler", (req, reply, done) => {
    if (OWN_GATE.has(req.routeOptions.url ?? "")) return done();
    // Read from the app on every request: a restore reopens the services (app.reload).
    const gate = app.batch.gate;
    // A record body still streaming in waits like a read: its route enters once the body is in
    // (enterWriteGate), so a slow upload never keeps a batch, and all behind it, waiting.
    if (READS.has(req.method) || bodyStillArriving(req.body)) {
      if (!gate.busy) return done();
      gate.idle().then(() => done(), done);
      return;
    }
    enterWriteGate(app, req, reply).then(() => done(), done);
  });
  server.addHook("onResponse", (req, _reply, done) => {
    releases.get(req)?.();
    done();
  });
}

/** Enters the write gate until the request is answered or its client goes away (once per request). */
export async function enterWriteGate(app: App, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (releases.has(req)) return;
  const release = await app.batch.gate.enter();
  releases.set(req, release);
  reply.raw.once("close", release);
  // Gone while it waited: no close event is coming to release it.
  if (reply.raw.closed) release();
}
