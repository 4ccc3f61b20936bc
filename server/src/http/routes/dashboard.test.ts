import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, type App } from "../../app.js";
import { buildServer } from "../server.js";
import { cleanupTempDirs, tempDir } from "../../../test/support/dataDirs.js";
import { freePort } from "../../../test/support/ports.js";

const COMPRESS_SCRIPT = path.resolve(import.meta.dirname, "../../../../ui/scripts/compress.mjs");

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw GET (fetch would decode the body and hide Content-Encoding handling). */
function get(url: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

const script = Array.from({ length: 400 }, (_, i) => `export function f${i}(a) { return a * ${i} + "cairn"; }\n`).join("");
const html = `<!doctype html><html><head><script type="module" src="/_/assets/index-B4dC9xQ1.js"></script></head><body>${"<div></div>".repeat(200)}</body></html>`;
const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");

describe("dashboard assets", () => {
  let app: App;
  let base: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const dist = tempDir("dash-");
    mkdirSync(path.join(dist, "assets"));
    writeFileSync(path.join(dist, "index.html"), html);
    writeFileSync(path.join(dist, "assets", "index-B4dC9xQ1.js"), script);
    writeFileSync(path.join(dist, "assets", "logo-Zz12Yy34.png"), png);
    // The build step itself, as `npm run build -w ui` runs it.
    execFileSync(process.execPath, [COMPRESS_SCRIPT, dist]);
    expect(existsSync(path.join(dist, "assets", "index-B4dC9xQ1.js.br"))).toBe(true);
    expect(existsSync(path.join(dist, "assets", "index-B4dC9xQ1.js.gz"))).toBe(true);
    expect(existsSync(path.join(dist, "assets", "logo-Zz12Yy34.png.br"))).toBe(false);

    app = await createApp({ dataDir: tempDir() });
    const server = buildServer(app, { dashboardDir: dist });
    const port = await freePort();
    await server.listen({ host: "127.0.0.1", port });
    base = `http://127.0.0.1:${port}`;
    close = async () => {
      await server.close();
      await app.close();
    };
  });

  afterAll(async () => {
    await close?.();
    cleanupTempDirs();
  });

  const cases: { name: string; accept: string | null; encoding: string | undefined }[] = [
    { name: "brotli when accepted (Chromium's header)", accept: "gzip, deflate, br, zstd", encoding: "br" },
    { name: "gzip when brotli is not accepted", accept: "gzip, deflate", encoding: "gzip" },
    { name: "gzip when brotli is refused with q=0", accept: "br;q=0, gzip", encoding: "gzip" },
    { name: "identity without Accept-Encoding", accept: null, encoding: undefined },
    { name: "identity when only identity is accepted", accept: "identity", encoding: undefined },
  ];

  for (const c of cases) {
    it(`serves a hashed script as ${c.name}, immutable, with Vary`, async () => {
      const res = await get(`${base}/_/assets/index-B4dC9xQ1.js`, c.accept === null ? {} : { "accept-encoding": c.accept });
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"]).toBe(c.encoding);
      expect(res.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      // immutable: no validators a browser would never send back
      expect(res.headers.etag).toBeUndefined();
      expect(res.headers["last-modified"]).toBeUndefined();
      const decoded = c.encoding === "br" ? brotliDecompressSync(res.body) : c.encoding === "gzip" ? gunzipSync(res.body) : res.body;
      expect(decoded.toString()).toBe(script);
      if (c.encoding) expect(res.body.length).toBeLessThan(script.length / 4);
    });
  }

  // Before the index test: the app starts without an admin, and this test creates the one that test needs.
  it("sends a visitor to the installer while no admin exists, and drops the flag once one does (as PocketBase)", async () => {
    for (const p of ["/_/", "/_", "/_/?foo=1"]) {
      const res = await get(base + p, {});
      expect(res.status).toBe(307);
      expect(res.headers.location).toBe("?installer#");
    }
    expect((await get(`${base}/_/?installer`, {})).status).toBe(200);
    // assets are served as ever
    expect((await get(`${base}/_/assets/logo-Zz12Yy34.png`, {})).status).toBe(200);

    await app.admins.insertNew("admin@example.com", "1234567890");
    expect((await get(`${base}/_/`, {})).status).toBe(200);
    const flagged = await get(`${base}/_/?installer`, {});
    expect(flagged.status).toBe(307);
    expect(flagged.headers.location).toBe("?");
  });

  it("serves index.html compressed but never cached, at /_/ and /_", async () => {
    for (const p of ["/_/", "/_"]) {
      const res = await get(base + p, { "accept-encoding": "br" });
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"]).toBe("br");
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.headers.etag).toBeTruthy();
      expect(brotliDecompressSync(res.body).toString()).toBe(html);
    }
  });

  it("sends files without a compressed copy as they are", async () => {
    const res = await get(`${base}/_/assets/logo-Zz12Yy34.png`, { "accept-encoding": "gzip, br" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body.equals(png)).toBe(true);
  });

  it("answers 404 for a missing asset even when a compressed copy is asked for", async () => {
    const missing = await get(`${base}/_/assets/nope-12345678.js`, { "accept-encoding": "br" });
    expect(missing.status).toBe(404);
  });
});
