import type { FastifyReply } from "fastify";
import { Readable } from "node:stream";
import { FILE_REMOVED_HEADERS, type ServeResult } from "./fileServe.js";

/** Sends a ServeResult through fastify (status, headers, removed headers, body). */
export function sendServeResult(reply: FastifyReply, res: ServeResult): FastifyReply {
  for (const h of res.removeHeaders) reply.removeHeader(h);
  reply.status(res.status);
  reply.headers(res.headers);
  // A HEAD answer keeps its Content-Length only when fastify is handed a (here empty) stream.
  if (res.body === null && reply.request.method === "HEAD" && res.status !== 304) return reply.send(Readable.from([]));
  return reply.send(res.body ?? undefined);
}

/** For the storage 404 of a file route: the reference answers it without the removed headers too. */
export function dropFileHeaders(reply: FastifyReply): void {
  for (const h of FILE_REMOVED_HEADERS) reply.removeHeader(h);
}
