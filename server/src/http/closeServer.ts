import type { FastifyInstance } from "fastify";

/**
 * Stops accepting connections and waits for the requests in progress, at most `graceMs`; then
 * closes whatever is still open. Idle keep-alive connections close at once, but a client that
 * never reads its answer, or stops sending a body the server has already answered, kept
 * `close()` waiting forever (seen as a test suite's server that never stopped).
 */
export async function closeServer(server: FastifyInstance, graceMs: number): Promise<void> {
  const force = setTimeout(() => server.server.closeAllConnections(), graceMs);
  try {
    await server.close();
  } finally {
    clearTimeout(force);
  }
}
