import { existsSync } from "node:fs";
import path from "node:path";
import type { FastifyPluginAsync } from "fastify";
import fastifyStatic from "@fastify/static";

const PLACEHOLDER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cairn</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem">
<h1>Cairn</h1><p>The dashboard has not been built. Run <code>npm run build</code> in the project root.</p></body></html>`;

/** Serves the built React dashboard at /_/ (hash-routed, so index.html answers the root). */
export function dashboardRoutes(dir: string | undefined): FastifyPluginAsync {
  return async (r) => {
    if (dir && existsSync(path.join(dir, "index.html"))) {
      await r.register(fastifyStatic, { root: dir, prefix: "/_/", index: false, wildcard: true, cacheControl: false,
        // The .br/.gz copies written at build time (ui/scripts/compress.mjs), chosen by Accept-Encoding (with Vary).
        preCompressed: true,
        setHeaders: (res, file) => {
          // Hashed assets never change; index.html must always be revalidated.
          res.header("Cache-Control", file.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache");
        },
      });
      // "/_" also answers "/_/" (ignoreTrailingSlash); the hash router takes it from there.
      r.get("/_", async (_req, reply) => reply.sendFile("index.html"));
      return;
    }
    r.get("/_", async (_req, reply) => reply.type("text/html; charset=utf-8").send(PLACEHOLDER));
  };
}
