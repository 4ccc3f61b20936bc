/**
 * Records with files against the reference: multipart create/update (form fields, files,
 * `@jsonPayload`), file validation, removal, serving (thumbs, download, ranges, protected
 * files) and cleanup on delete. Stored names are random, so each server's names are kept
 * apart and masked when answers are compared.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, call, mask } from "../../test/support/client.js";
import type { RunningServer } from "../../test/support/servers.js";
import { rid } from "../../test/support/records.js";
import { startBothServers, stopBothServers, type BothServers } from "../../test/support/bothServers.js";

const COLL = "fil000000000001";
const DOCS = {
  id: COLL,
  name: "docs",
  listRule: "", viewRule: "", createRule: "", updateRule: "", deleteRule: "",
  schema: [
    { name: "title", type: "text" },
    { name: "n", type: "number" },
    { name: "tags", type: "select", options: { values: ["a", "b", "c"], maxSelect: 3 } },
    { name: "meta", type: "json", options: { maxSize: 100 } },
    { name: "f", type: "file", options: { maxSelect: 1, maxSize: 100 } },
    { name: "fm", type: "file", options: { maxSelect: 3, maxSize: 100000, mimeTypes: ["image/png", "text/plain"], thumbs: ["10x10", "20x0"] } },
    { name: "p", type: "file", options: { maxSelect: 1, maxSize: 100000, protected: true } },
  ],
};
const GATED = {
  id: "fil000000000003",
  name: "gated",
  createRule: "@request.data.n > 3 && @request.data.tags:length = 2 && @request.data.ok = true",
  schema: [
    { name: "n", type: "number" },
    { name: "ok", type: "bool" },
    { name: "tags", type: "select", options: { values: ["a", "b", "c"], maxSelect: 3 } },
  ],
};
const LOCKED = { id: "fil000000000002", name: "lockeddocs", viewRule: null, schema: [{ name: "p", type: "file", options: { maxSelect: 1, maxSize: 1000, protected: true } }] };

interface Side {
  server: RunningServer;
  token: string;
  /** The stored names of the last answer's files, by field. */
  names: Record<string, string | string[]>;
}
let sides: [Side, Side];

type Part = [string, string] | [string, Buffer, string];

async function send(side: Side, method: string, p: string, parts: Part[], auth = true) {
  const fd = new FormData();
  for (const part of parts) {
    if (part.length === 2) fd.append(part[0], part[1]);
    else fd.append(part[0], new Blob([new Uint8Array(part[1])]), part[2]);
  }
  const res = await fetch(side.server.url + p, { method, body: fd, headers: auth ? { authorization: side.token } : {} });
  const text = await res.text();
  const body: unknown = text ? JSON.parse(text) : null;
  return { status: res.status, body };
}

/** Stored names end with `_` + 10 random characters before the extension. */
const STORED = /^(.*)_[A-Za-z0-9]{10}(\.[^.]*)?$/;
function maskNames(v: unknown): unknown {
  if (typeof v === "string") return STORED.test(v) ? v.replace(STORED, "$1_<rand>$2").replace(/^[A-Za-z0-9]{10,}(?=_<rand>)/, "<rand>") : v.replace(/"[A-Za-z0-9_]+_[A-Za-z0-9]{10}(\.[a-z]+)?"/g, '"<name>"');
  if (Array.isArray(v)) return v.map(maskNames);
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, maskNames(x)]));
  return v;
}

async function both(fn: (s: Side) => Promise<{ status: number; body: unknown }>) {
  const [a, b] = await Promise.all(sides.map(fn));
  expect(b.status, `cairn ${JSON.stringify(b.body)} vs reference ${JSON.stringify(a.body)}`).toBe(a.status);
  expect(maskNames(mask(b.body))).toEqual(maskNames(mask(a.body)));
  for (const [i, r] of [a, b].entries()) {
    const rec = r.body as Record<string, unknown>;
    if (r.status === 200 && rec && rec.id === R) sides[i].names = { f: rec.f as string, fm: rec.fm as string[], p: rec.p as string };
  }
  return [a, b];
}

async function raw(side: Side, p: string, headers: Record<string, string> = {}) {
  const res = await fetch(side.server.url + p, { headers });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

let servers: BothServers | undefined;
let png: Buffer;
const text = Buffer.from("hello world");

beforeAll(async () => {
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#ff0000" } }).png().toBuffer();
  servers = await startBothServers();
  const { ref, cairn } = servers;
  const token = await adminToken(ref);
  sides = [{ server: ref, token, names: {} }, { server: cairn, token, names: {} }];
  for (const s of sides) {
    for (const body of [DOCS, LOCKED, GATED]) {
      const res = await call(s.server, { method: "POST", path: "/api/collections", body, token });
      expect(res.status).toBe(200);
    }
  }
});

afterAll(() => stopBothServers(servers ?? {}));

const R = rid("doc1");
const RECS = "/api/collections/docs/records";

describe("records with files", () => {
  it("creates with form fields, files and @jsonPayload", async () => {
    await both((s) => send(s, "POST", RECS, [
      ["id", R], ["n", "5"], ["tags", "a"], ["tags", "c"], ["meta", '{"a":1}'],
      ["fm", text, "a.txt"], ["fm", png, "Red Dot.png"], ["@jsonPayload", '{"title":"from json"}'],
    ]));
  });

  it("stores the files under <collectionId>/<recordId>/", () => {
    for (const s of sides) for (const name of s.names.fm as string[]) expect(existsSync(path.join(s.server.dataDir, "storage", COLL, R, name))).toBe(true);
  });

  it("adds to a multiple field and replaces a single one", async () => {
    await both((s) => send(s, "PATCH", `${RECS}/${R}`, [["fm", text, "b.txt"], ["f", text, "single.txt"]]));
  });

  it("refuses too many files", async () => {
    await both((s) => send(s, "PATCH", `${RECS}/${R}`, [["fm", text, "c.txt"]]));
  });

  it("refuses an oversize file", async () => {
    await both((s) => send(s, "PATCH", `${RECS}/${R}`, [["f", Buffer.alloc(200, 97), "big.txt"]]));
  });

  it("refuses a MIME type (sniffed) the field does not allow", async () => {
    await both((s) => send(s, "POST", RECS, [["fm", Buffer.from("GIF89a\x01\x00"), "c.gif"]]));
    await both((s) => send(s, "POST", RECS, [["fm", png, "png-named.txt"]]));
  });

  it("refuses unknown file names in a JSON body", async () => {
    await both((s) => call(s.server, { method: "PATCH", path: `${RECS}/${R}`, token: s.token, body: { fm: ["nope.txt"] } }));
  });

  it("serves files with ranges, downloads and thumbs", async () => {
    const pick = (s: Side) => (s.names.fm as string[]).find((n) => n.endsWith(".png"))!;
    const txt = (s: Side) => (s.names.fm as string[]).find((n) => n.endsWith(".txt"))!;
    const reqs: [string, (s: Side) => string, Record<string, string>][] = [
      ["file", (s) => `/api/files/docs/${R}/${txt(s)}`, {}],
      ["by collection id", (s) => `/api/files/${COLL}/${R}/${txt(s)}`, {}],
      ["range", (s) => `/api/files/docs/${R}/${txt(s)}`, { range: "bytes=2-5" }],
      ["download", (s) => `/api/files/docs/${R}/${txt(s)}?download=1`, {}],
      ["thumb", (s) => `/api/files/docs/${R}/${pick(s)}?thumb=10x10`, {}],
      ["thumb not in the list", (s) => `/api/files/docs/${R}/${pick(s)}?thumb=30x30`, {}],
      ["missing file", () => `/api/files/docs/${R}/nope.txt`, {}],
      ["missing record", (s) => `/api/files/docs/${rid("none")}/${txt(s)}`, {}],
      ["missing collection", (s) => `/api/files/nope/${R}/${txt(s)}`, {}],
    ];
    for (const [name, p, headers] of reqs) {
      const [a, b] = await Promise.all(sides.map((s) => raw(s, p(s), headers)));
      expect(b.status, name).toBe(a.status);
      if (a.status >= 400) {
        expect(JSON.parse(b.body.toString()), name).toEqual(JSON.parse(a.body.toString()));
        continue;
      }
      if (name.startsWith("thumb")) {
        const [ma, mb] = await Promise.all([sharp(a.body).metadata(), sharp(b.body).metadata()]);
        expect([mb.width, mb.height, mb.format], name).toEqual([ma.width, ma.height, ma.format]);
      } else expect(b.body.equals(a.body), name).toBe(true);
      for (const h of ["content-type", "content-range", "accept-ranges"]) expect(b.headers.get(h), `${name} ${h}`).toBe(a.headers.get(h));
      const disp = (x: typeof a) => x.headers.get("content-disposition")?.replace(/filename=(\w+_)?[^_]*_[A-Za-z0-9]{10}\./, "filename=$1<name>.");
      expect(disp(b), name).toBe(disp(a));
    }
  });

  it("protects files: 403 without a token, served with an admin file token", async () => {
    await both((s) => send(s, "PATCH", `${RECS}/${R}`, [["p", text, "secret.txt"]]));
    for (const token of [false, true]) {
      const [a, b] = await Promise.all(
        sides.map(async (s) => {
          let q = "";
          if (token) {
            const t = await call(s.server, { method: "POST", path: "/api/files/token", token: s.token });
            q = `?token=${(t.body as { token: string }).token}`;
          }
          return raw(s, `/api/files/docs/${R}/${s.names.p as string}${q}`);
        }),
      );
      expect(b.status).toBe(a.status);
      expect(b.body.toString()).toBe(a.body.toString());
    }
  });

  it("removes files with field- and by setting the field", async () => {
    const names = sides.map((s) => (s.names.fm as string[])[0]);
    await both((s) => send(s, "PATCH", `${RECS}/${R}`, [["fm-", names[sides.indexOf(s)]], ["f", ""]]));
    for (const [i, s] of sides.entries()) expect(existsSync(path.join(s.server.dataDir, "storage", COLL, R, names[i]))).toBe(false);
    await both((s) => call(s.server, { method: "PATCH", path: `${RECS}/${R}`, token: s.token, body: { fm: [] } }));
  });

  it("deletes the record's files with it", async () => {
    await both((s) => call(s.server, { method: "DELETE", path: `${RECS}/${R}`, token: s.token }));
    for (const s of sides) expect(existsSync(path.join(s.server.dataDir, "storage", COLL, R))).toBe(false);
  });

  it("types multipart values for @request.data in rules", async () => {
    await both((s) => send(s, "POST", "/api/collections/gated/records", [["n", "5"], ["ok", "true"], ["tags", "a"], ["tags", "b"]], false));
    await both((s) => send(s, "POST", "/api/collections/gated/records", [["n", "3"], ["ok", "true"], ["tags", "a"], ["tags", "b"]], false));
    await both((s) => send(s, "POST", "/api/collections/gated/records", [["n", "5"], ["ok", "1"], ["tags", "a"]], false));
  });

  it("refuses malformed multipart payloads", async () => {
    await both((s) => send(s, "POST", RECS, [["@jsonPayload", "{bad"]]));
    for (const contentType of ["multipart/form-data; boundary=xyz", "multipart/form-data"]) {
      await both((s) => call(s.server, { method: "POST", path: RECS, token: s.token, rawBody: "garbage", headers: { "content-type": contentType } }));
    }
  });
});
