import type { FastifyInstance } from "fastify";

declare module "fastify" {
  interface FastifyContextConfig {
    /** A route so cheap it never waits for a turn (the health check). */
    cheap?: boolean;
  }
}

/** Handlers a turn of the event loop starts by default. */
export const DEFAULT_HANDLERS_PER_TURN = 4;

/**
 * Bounds how many handlers one turn of the event loop starts, so a cheap request arriving while
 * many heavy ones are queued is answered within a turn instead of after all of them. With 100
 * busy connections, a turn used to run every request that had arrived (~100 handlers, a few
 * hundred ms), and a health check waited for all of them. Past `perTurn` handlers, requests wait
 * in arrival order for the next turn (setImmediate); the loop reads sockets in between, and
 * routes marked `cheap` run at once. Under light load nothing waits. 0 turns the gate off.
 */
export function registerTurnGate(server: FastifyInstance, perTurn: number): void {
  if (perTurn <= 0) return;
  let started = 0;
  let armed = false;
  const waiting: (() => void)[] = [];
  const arm = () => {
    if (armed) return;
    armed = true;
    setImmediate(turn);
  };
  function turn() {
    armed = false;
    started = 0;
    while (started < perTurn && waiting.length) {
      started++;
      waiting.shift()!();
    }
    // Keep counting per turn while handlers start; stop ticking once the loop is quiet.
    if (started > 0) arm();
  }
  server.addHook("preHandler", (req, _reply, done) => {
    if (req.routeOptions.config?.cheap) return done();
    arm();
    if (started < perTurn && waiting.length === 0) {
      started++;
      return done();
    }
    waiting.push(() => done());
  });
}
