import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, call } from "../../test/support/client.js";
import { cairnDataDir, cleanupTempDirs } from "../../test/support/dataDirs.js";
import { startCairn, type RunningCairn } from "../../test/support/servers.js";
import { EXPORT_CHUNK } from "./export.js";

type Rec = { id: string; [k: string]: unknown };

describe("GET /api/collections/:c/records/export", () => {
  let cairn: RunningCairn;
  let token: string;

  const exportText = async (collection: string, query: string, auth = token) => {
    const res = await fetch(`${cairn.url}/api/collections/${collection}/records/export?${query}`, { headers: auth ? { authorization: auth } : {} });
    return { status: res.status, headers: res.headers, text: await res.text() };
  };
  const create = async (collection: string, body: unknown) => (await call(cairn, { method: "POST", path: `/api/collections/${collection}/records`, token, body })).body as Rec;

  beforeAll(async () => {
    cairn = await startCairn(await cairnDataDir());
    token = await adminToken(cairn);
    const schema = [
      { name: "title", type: "text" },
      { name: "n", type: "number" },
      { name: "public", type: "bool" },
      { name: "tags", type: "select", options: { maxSelect: 3, values: ["a", "b", "c"] } },
      { name: "meta", type: "json", options: { maxSize: 2000000 } },
    ];
    await call(cairn, { method: "POST", path: "/api/collections", token, body: { name: "notes", type: "base", schema, listRule: "public = true" } });
    await call(cairn, { method: "POST", path: "/api/collections", token, body: { name: "secret", type: "base", schema: [{ name: "title", type: "text" }] } });
    await call(cairn, { method: "POST", path: "/api/collections", token, body: { name: "big", type: "base", schema: [{ name: "title", type: "text" }, { name: "n", type: "number" }] } });
  });

  afterAll(async () => {
    await cairn.stop();
    cleanupTempDirs();
  });

  it("CSV survives quotes, commas, CR/LF and multi-values (RFC 4180 round trip)", async () => {
    const tricky = ['say "hi", then\r\nleave', "line1\nline2", "cr\ronly", " padded ", "=1+2", "ünï\u2028code", ""];
    const made: Rec[] = [];
    for (const [i, title] of tricky.entries()) made.push(await create("notes", { title, n: i, public: true, tags: ["a", "c"], meta: { k: [1, "x,\"y\""] } }));
    const res = await exportText("notes", "format=csv&sort=n&filter=" + encodeURIComponent("n < 100"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="notes.csv"');
    expect(res.text.split("\r\n")[0]).toBe("id,title,n,public,tags,meta,created,updated");
    // a line break inside a value is quoted whatever the reader's record delimiter
    expect(res.text).toContain(',"line1\nline2",');
    expect(res.text).toContain(',"cr\ronly",');
    const rows = parse(res.text, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.title)).toEqual(tricky);
    expect(rows.map((r) => r.id)).toEqual(made.map((m) => m.id));
    expect(JSON.parse(rows[0].tags)).toEqual(["a", "c"]);
    expect(JSON.parse(rows[0].meta)).toEqual({ k: [1, "x,\"y\""] });
    expect(rows[1]).toMatchObject({ n: "1", public: "true", created: made[1].created, updated: made[1].updated });
  });

  it("applies filter, sort and fields as the list does; JSON keeps the API's record shape", async () => {
    const list = (await call(cairn, { path: "/api/collections/notes/records?sort=-n&filter=" + encodeURIComponent("n >= 2 && n < 100") + "&fields=id,n,title", token })).body as { items: Rec[] };
    const json = await exportText("notes", "format=json&sort=-n&fields=id,n,title&filter=" + encodeURIComponent("n >= 2 && n < 100"));
    expect(json.status).toBe(200);
    expect(json.headers.get("content-type")).toMatch(/^application\/json; charset=utf-8$/i);
    expect(JSON.parse(json.text)).toEqual(list.items);
    const csv = await exportText("notes", "sort=-n&fields=n,title:excerpt(3,true)&filter=" + encodeURIComponent("n >= 5 && n < 100"));
    expect(parse(csv.text)).toEqual([["n", "title"], ["6", ""], ["5", "ünï..."]]);
  });

  it("applies the list rule: guests see what the list shows them, admins-only lists are refused", async () => {
    await create("notes", { title: "hidden", n: 100, public: false });
    const guest = await exportText("notes", "format=json&filter=" + encodeURIComponent("n >= 0"), "");
    expect(guest.status).toBe(200);
    const titles = (JSON.parse(guest.text) as Rec[]).map((r) => r.title);
    expect(titles, JSON.stringify(titles)).toHaveLength(7);
    expect(titles).not.toContain("hidden");
    expect((JSON.parse((await exportText("notes", "format=json")).text) as Rec[]).map((r) => r.title)).toContain("hidden");
    const refused = await exportText("secret", "format=csv", "");
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.text)).toEqual({ code: 403, message: "Only admins can perform this action.", data: {} });
  });

  it("bad input is a 400 before anything streams", async () => {
    const format = await exportText("notes", "format=xml");
    expect(format.status).toBe(400);
    expect(JSON.parse(format.text)).toEqual({ code: 400, message: "Invalid export format.", data: { format: { code: "validation_in_invalid", message: "Must be a valid value." } } });
    const filter = await exportText("notes", "filter=" + encodeURIComponent("nope = 1"));
    expect(filter.status).toBe(400);
    expect(JSON.parse(filter.text)).toMatchObject({ code: 400 });
    expect((await exportText("missing", "")).status).toBe(404);
    const empty = await exportText("secret", "format=json");
    expect(empty.text).toBe("[]\n");
  });

  it("streams every record in order from a snapshot, reading the next rows only as the client reads", async () => {
    const total = EXPORT_CHUNK * 20 + 7;
    const pad = "x".repeat(2000);
    const insert = `INSERT INTO big (id, title, n, created, updated) VALUES (?, ?, ?, '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z')`;
    await cairn.app.db.transaction(async (tx) => {
      for (let i = 0; i < total; i++) await tx.run(insert, [`big${String(i).padStart(12, "0")}`, pad, i % 3]); // many equal sort values
    });
    const svc = cairn.app.records;
    const original = svc.export.bind(svc);
    let shaped = 0;
    svc.export = (...args) => (shaped++, original(...args));
    try {
      const res = await fetch(`${cairn.url}/api/collections/big/records/export?format=csv&sort=-n`, { headers: { authorization: token } });
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = decoder.decode((await reader.read()).value, { stream: true });
      await new Promise((r) => setTimeout(r, 300));
      // ~1 MB per chunk of rows: the socket's buffers hold a few chunks, never the 21 of the whole export
      expect(shaped).toBeLessThan(EXPORT_CHUNK * 10);
      // the app's connection is free meanwhile; the export reads its own snapshot
      const created = await call(cairn, { method: "POST", path: "/api/collections/big/records", token, body: { title: "late", n: 9 } });
      expect(created.status).toBe(200);
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value, { stream: true });
      const rows = (parse(text, { columns: true }) as Record<string, string>[]).map((r) => [Number(r.n), r.id] as const);
      expect(rows).toHaveLength(total);
      expect(shaped).toBe(total + 1); // every exported row, and the create's answer
      expect(new Set(rows.map((r) => r[1])).size).toBe(total);
      expect(rows.every((r, i) => i === 0 || rows[i - 1][0] >= r[0])).toBe(true);
    } finally {
      svc.export = original;
    }
  });
});
