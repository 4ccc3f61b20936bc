// Serves the built dashboard (ui/dist) at /_/ and points it at another backend by injecting
// window.CAIRN_API_URL into index.html. Used to run the dashboard against the reference binary.
import http from "node:http";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const DIST = fileURLToPath(new URL("../dist/", import.meta.url));

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".png": "image/png",
  ".woff2": "font/woff2",
};

/** Starts the static server on 127.0.0.1:port (0 = any); resolves with {url, close}. */
export async function startStaticServer({ apiUrl, port = 0 }) {
  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      let p = decodeURIComponent(url.pathname);
      if (p === "/" || p === "/_") {
        res.writeHead(302, { location: "/_/" });
        return res.end();
      }
      if (!p.startsWith("/_/")) {
        res.writeHead(404);
        return res.end("not found");
      }
      p = p.slice(3) || "index.html";
      const file = path.normalize(path.join(DIST, p));
      if (!file.startsWith(DIST)) {
        res.writeHead(403);
        return res.end();
      }
      let body = await readFile(file);
      const ext = path.extname(file);
      if (p === "index.html") {
        body = Buffer.from(
          body.toString("utf8").replace("<head>", `<head><script>window.CAIRN_API_URL=${JSON.stringify(apiUrl)};</script>`),
        );
      }
      res.writeHead(200, { "content-type": TYPES[ext] ?? "application/octet-stream", "cache-control": "no-cache" });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end("not found");
    }
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const apiUrl = process.argv[2] ?? "http://127.0.0.1:8090";
  const port = Number(process.argv[3] ?? 0);
  const s = await startStaticServer({ apiUrl, port });
  console.log(`Dashboard at ${s.url}/_/ -> API ${apiUrl}`);
}
