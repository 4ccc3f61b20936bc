import type { FastifyPluginAsync, FastifyReply, FastifyRequest, HTTPMethods } from "fastify";
import path from "node:path";
import type { Hooks } from "../../hooks/service.js";
import { registerStaticDirs, sendStatic } from "../hookStatic.js";
import type { HookReply, HookRequest } from "../../hooks/types.js";
import { adminJson } from "../../models/admin.js";
import { collectionJson } from "../../models/collection.js";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * The routes of the pb_hooks files (`routerAdd`). A route whose method and path Cairn already
 * serves keeps Cairn's handler (the file's is logged and left out).
 */
export function hookRoutes(hooks: Hooks, log: (line: string) => void = (l) => process.stderr.write(l + "\n")): FastifyPluginAsync {
  return async (r) => {
    const staticDirs = hooks.routes().flatMap((route) => (route.staticDir ? [path.resolve(route.staticDir.dir)] : []));
    await registerStaticDirs(r, [...new Set(staticDirs)]);
    for (const route of hooks.routes()) {
      const method = route.method === "*" ? (["GET", "POST", "PUT", "PATCH", "DELETE"] as HTTPMethods[]) : (route.method as HTTPMethods);
      if (!Array.isArray(method) && !METHODS.has(method)) {
        log(`pb_hooks: routerAdd: unknown method ${route.method} for ${route.path}`);
        continue;
      }
      if (r.hasRoute({ method: Array.isArray(method) ? "GET" : method, url: route.path })) {
        log(`pb_hooks: ${route.method} ${route.path} is a route of Cairn's own: the hook's route is left out`);
        continue;
      }
      try {
        const dir = route.staticDir;
        const handler = dir
          ? async (req: FastifyRequest, reply: FastifyReply) => sendStatic(req, reply, path.resolve(dir.dir), dir.indexFallback)
          : async (req: FastifyRequest, reply: FastifyReply) => sendHookReply(reply, await hooks.route(route, hookRequest(req)));
        r.route({ method, url: route.path, handler });
        // "/x/*" matches "/x/" in echo; here (trailing slashes ignored) that is "/x", a route of its own.
        const base = route.path.endsWith("/*") && route.path.length > 2 ? route.path.slice(0, -2) : null;
        if (base && !r.hasRoute({ method: Array.isArray(method) ? "GET" : method, url: base })) r.route({ method, url: base, handler });
      } catch (err) {
        log(`pb_hooks: ${route.method} ${route.path} cannot be added: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    // As echo: a hook's path asked with a method none of its routes has answers 405.
    const paths = new Map<string, Set<string>>();
    for (const route of hooks.routes()) (paths.get(route.path) ?? paths.set(route.path, new Set()).get(route.path)!).add(route.method);
    for (const [url, methods] of paths) {
      const others = [...METHODS].filter((m) => !methods.has(m) && !methods.has("*") && !(m === "HEAD" && methods.has("GET")) && !r.hasRoute({ method: m as HTTPMethods, url }));
      if (others.length) r.route({ method: others as HTTPMethods[], url, handler: async (_req, reply) => reply.status(405).send({ code: 405, message: "Method Not Allowed.", data: {} }) });
    }
  };
}

/** The request as the hook's echo context reads it. */
export function hookRequest(req: FastifyRequest): HookRequest {
  const url = new URL(req.url, "http://x");
  const query: Record<string, string[]> = {};
  for (const [k, v] of url.searchParams) (query[k] ??= []).push(v);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v[0]! : String(v);
  const { admin, record } = req.auth;
  return {
    method: req.method,
    path: url.pathname,
    rawQuery: url.search.replace(/^\?/, ""),
    pathParams: { ...(req.params as Record<string, string>) },
    query,
    headers,
    body: req.body ?? {},
    ip: req.ip,
    auth: {
      admin: admin ? adminJson(admin) : null,
      record: record ? { collection: collectionJson(record.collection), data: record.record } : null,
    },
  };
}

/** Writes the route's reply as echo would (JSON with a newline, text, HTML, a redirect, nothing). */
export function sendHookReply(reply: FastifyReply, out: HookReply | null): FastifyReply {
  if (!out) return reply.status(200).send();
  for (const [k, v] of Object.entries(out.headers)) reply.header(k, v);
  reply.status(out.status);
  switch (out.kind) {
    case "json":
      return reply.type("application/json; charset=utf-8").send(JSON.stringify(out.body));
    case "string":
      return reply.type("text/plain; charset=UTF-8").send(String(out.body));
    case "html":
      return reply.type("text/html; charset=UTF-8").send(String(out.body));
    case "redirect":
      return reply.redirect(String(out.body), out.status);
    default:
      return reply.send();
  }
}
