import { statSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fastifyStatic from "@fastify/static";
import { notFound } from "../tools/errors.js";

/** Lets the plugin `r` send files of these directories (pb_hooks' `$apis.staticDirectoryHandler`). */
export async function registerStaticDirs(r: FastifyInstance, dirs: string[]): Promise<void> {
  if (dirs.length) await r.register(fastifyStatic, { root: dirs.length === 1 ? dirs[0]! : dirs, serve: false });
}

/**
 * The file of `dir` at the route's `*` (a directory: its index.html), as echo's static handler
 * answers it; a missing file is the 404, or `dir`'s index.html with `indexFallback` (an SPA).
 */
export function sendStatic(req: FastifyRequest, reply: FastifyReply, dir: string, indexFallback: boolean): FastifyReply {
  let rel = decodeURIComponent((req.params as Record<string, string>)["*"] ?? "");
  if (rel === "" || rel.endsWith("/")) rel += "index.html";
  const full = path.join(dir, path.normalize("/" + rel));
  const isFile = (p: string) => {
    try {
      return statSync(p).isFile();
    } catch {
      return false;
    }
  };
  if (isFile(path.join(full, "index.html"))) return reply.sendFile(path.join(path.normalize("/" + rel), "index.html"), dir);
  if (isFile(full)) return reply.sendFile(path.normalize("/" + rel), dir);
  if (indexFallback && isFile(path.join(dir, "index.html"))) return reply.sendFile("index.html", dir);
  throw notFound("Not Found.");
}
