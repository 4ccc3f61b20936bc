import { existsSync } from "node:fs";
import path from "node:path";
import type { FastifyPluginAsync } from "fastify";
import fastifyStatic from "@fastify/static";
import { installerRedirect } from "../installerRedirect.js";

const PLACEHOLDER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cairn</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem">
<h1>Cairn</h1><p>The dashboard has not been built. Run <code>npm run build</code> in the project root.</p></body></html>`;

/**
 * Serves the built React dashboard at /_/ (hash-routed, so index.html answers the root).
 * `adminCount` decides whether the index sends the visitor to the installer first.
 */
export function dashboardRoutes(dir: string | undefined, adminCount: () => Promise<number>): FastifyPluginAsync {
  return async (r) => {
    if (dir && existsSync(path.join(dir, "index.html"))) {
      // Both serve the .br/.gz copies written at build time (ui/scripts/compress.mjs), chosen by
      // Accept-Encoding (with Vary).
      // index.html and the other files at the root must always be revalidated.
      await r.register(fastifyStatic, { root: dir, prefix: "/_/", index: false, wildcard: true,
        preCompressed: true, cacheControl: false,
        setHeaders: (res) => res.header("Cache-Control", "no-cache"),
      });
      // Hashed assets never change: cached for a year without validators (an ETag and a
      // Last-Modified a browser never sends back would add ~75 bytes to each of the 21 scripts
      // the sign-in page loads).
      await r.register(fastifyStatic, { root: path.join(dir, "assets"), prefix: "/_/assets/", index: false, wildcard: true, decorateReply: false,
        preCompressed: true, etag: false, lastModified: false, maxAge: "365d", immutable: true,
      });
      // "/_" also answers "/_/" (ignoreTrailingSlash); the hash router takes it from there.
      r.get("/_", async (req, reply) => {
        const to = installerRedirect(Object.hasOwn(req.query as object, "installer"), await adminCount());
        return to ? reply.redirect(to, 307) : reply.sendFile("index.html");
      });
      return;
    }
    r.get("/_", async (_req, reply) => reply.type("text/html; charset=utf-8").send(PLACEHOLDER));
  };
}
