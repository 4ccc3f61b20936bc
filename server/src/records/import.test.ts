import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppEvent } from "../events/bus.js";
import { adminToken, call } from "../../test/support/client.js";
import { cairnDataDir, cleanupTempDirs } from "../../test/support/dataDirs.js";
import { startCairn, type RunningCairn } from "../../test/support/servers.js";
import { watchTransactions } from "../../test/support/openTransactions.js";
import { IMPORT_BATCH } from "./import.js";

type Rec = { id: string; [k: string]: unknown };
type RowResult = { row: number; id?: string; error?: { code: number; message: string; data: Record<string, { code: string; message: string }> } };
type Result = { imported: number; failed: number; results: RowResult[] };

describe("POST /api/collections/:c/records/import", () => {
  let cairn: RunningCairn;
  let token: string;
  const events: { event: AppEvent; inTransaction: boolean }[] = [];

  const importRows = (collection: string, body: unknown, auth = token) => call(cairn, { method: "POST", path: `/api/collections/${collection}/records/import`, token: auth, body });
  const count = async (table: string) => Number((await cairn.app.db.get<{ n: number }>(`SELECT count(*) AS n FROM "${table}"`))!.n);
  const clear = (table: string) => cairn.app.db.transaction((tx) => tx.run(`DELETE FROM "${table}"`));
  let openTransactions = () => 0;

  beforeAll(async () => {
    cairn = await startCairn(await cairnDataDir());
    token = await adminToken(cairn);
    openTransactions = watchTransactions(cairn.app.db);
    cairn.app.events.on("record.create", (event) => events.push({ event, inTransaction: openTransactions() > 0 }));
    const authors = (await call(cairn, { method: "POST", path: "/api/collections", token, body: { name: "authors", type: "base", schema: [{ name: "name", type: "text" }] } })).body as Rec;
    await call(cairn, {
      method: "POST",
      path: "/api/collections",
      token,
      body: {
        name: "books",
        type: "base",
        schema: [
          { name: "title", type: "text", required: true },
          { name: "pages", type: "number", options: { min: 1 } },
          { name: "kind", type: "select", options: { maxSelect: 1, values: ["novel", "essay"] } },
          { name: "author", type: "relation", options: { collectionId: authors.id, maxSelect: 1 } },
          { name: "code", type: "text" },
        ],
        indexes: ["CREATE UNIQUE INDEX idx_books_code ON books (code) WHERE code != ''"],
        createRule: "title != 'forbidden'",
      },
    });
    await call(cairn, { method: "POST", path: "/api/collections", token, body: { name: "locked", type: "base", schema: [{ name: "title", type: "text" }] } });
    await call(cairn, { method: "POST", path: "/api/collections", token, body: { name: "books_view", type: "view", options: { query: "SELECT id, title FROM books" } } });
  });

  afterAll(async () => {
    await cairn.stop();
    cleanupTempDirs();
  });

  it("creates the valid rows and reports each failing row with the create's field errors", async () => {
    const author = (await call(cairn, { method: "POST", path: "/api/collections/authors/records", token, body: { name: "Ann" } })).body as Rec;
    events.length = 0;
    const res = await importRows("books", {
      rows: [
        { title: "Dune", pages: 412, kind: "novel", author: author.id },
        { pages: -5, kind: "poem" },
        { title: "Essays", pages: "120", author: "nosuchid0000000" },
        "not a row",
        { id: "custombook00001", title: "Custom" },
      ],
    });
    expect(res.status).toBe(200);
    const body = res.body as Result;
    expect(body.imported).toBe(2);
    expect(body.failed).toBe(3);
    expect(body.results.map((r) => r.row)).toEqual([0, 1, 2, 3, 4]);
    expect(body.results[4].id).toBe("custombook00001");
    expect(body.results[1].error).toEqual({
      code: 400,
      message: "Something went wrong while processing your request.",
      data: {
        kind: { code: "validation_invalid_value", message: "Invalid value poem." },
        pages: { code: "validation_min_number_constraint", message: "Must be larger than 1.000000." },
        title: { code: "validation_required", message: "Missing required value." },
      },
    });
    expect(Object.keys(body.results[2].error!.data)).toEqual(["author"]);
    expect(body.results[3].error).toEqual({ code: 400, message: "Failed to load the submitted data due to invalid formatting.", data: {} });
    const dune = (await call(cairn, { path: `/api/collections/books/records/${body.results[0].id}?expand=author`, token })).body as Rec & { expand: { author: Rec } };
    expect(dune).toMatchObject({ title: "Dune", pages: 412, kind: "novel", author: author.id });
    expect(dune.expand.author.name).toBe("Ann");
    expect(await count("books")).toBe(2);
    // one record.create per imported row, after its commit
    expect(events.map((e) => e.event.type === "record.create" && e.event.record.id)).toEqual([body.results[0].id, "custombook00001"]);
    expect(events.every((e) => !e.inTransaction)).toBe(true);
  });

  it("atomic: one failing row imports nothing, and every row's error is still reported", async () => {
    await clear("books");
    const res = await importRows("books", {
      atomic: true,
      rows: [{ title: "A", code: "x1" }, { title: "B", code: "x1" }, { title: "C" }, { title: "" }],
    });
    expect(res.status).toBe(200);
    const body = res.body as Result;
    expect(body).toMatchObject({ imported: 0, failed: 2 });
    // the duplicate code is seen against the earlier row of the same file
    expect(body.results[1].error!.data).toEqual({ code: { code: "validation_not_unique", message: "Value must be unique." } });
    expect(Object.keys(body.results[3].error!.data)).toEqual(["title"]);
    expect(await count("books")).toBe(0);
    const ok = (await importRows("books", { atomic: true, rows: [{ title: "A", code: "x1" }, { title: "C" }] })).body as Result;
    expect(ok).toMatchObject({ imported: 2, failed: 0 });
    expect(await count("books")).toBe(2);
  });

  it("not atomic: batches commit on their own and a bad row costs only itself", async () => {
    await clear("books");
    events.length = 0;
    const rows = Array.from({ length: IMPORT_BATCH * 2 + 50 }, (_, i) => ({ title: i === IMPORT_BATCH + 3 ? "" : `Book ${i}`, pages: i + 1 }));
    const body = (await importRows("books", { rows })).body as Result;
    expect(body).toMatchObject({ imported: rows.length - 1, failed: 1 });
    expect(body.results.filter((r) => r.error).map((r) => r.row)).toEqual([IMPORT_BATCH + 3]);
    expect(await count("books")).toBe(rows.length - 1);
    expect(events).toHaveLength(rows.length - 1);
  });

  it("applies the create rule per row, and refuses admins-only collections to others", async () => {
    await clear("books");
    const guest = (await importRows("books", { rows: [{ title: "ok" }, { title: "forbidden" }] }, "")).body as Result;
    expect(guest).toMatchObject({ imported: 1, failed: 1 });
    expect(guest.results[1].error).toEqual({ code: 400, message: "Failed to create record.", data: {} });
    const locked = await importRows("locked", { rows: [{ title: "x" }] }, "");
    expect(locked.status).toBe(403);
    expect(locked.body).toEqual({ code: 403, message: "Only admins can perform this action.", data: {} });
    expect(await count("locked")).toBe(0);
  });

  it("bad requests are clear 400s", async () => {
    const cases: [unknown, unknown][] = [
      [[{ title: "x" }], { code: 400, message: "Failed to load the submitted data due to invalid formatting.", data: {} }],
      [{ rows: "x" }, { code: 400, message: "Failed to load the submitted data due to invalid formatting.", data: {} }],
      [{ rows: [{}], atomic: "yes" }, { code: 400, message: "Failed to load the submitted data due to invalid formatting.", data: {} }],
      [{ rows: [] }, { code: 400, message: "Failed to import the records.", data: { rows: { code: "validation_required", message: "Cannot be blank." } } }],
    ];
    for (const [body, answer] of cases) {
      const res = await importRows("books", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual(answer);
    }
    const raw = await call(cairn, { method: "POST", path: "/api/collections/books/records/import", token, rawBody: "{rows: [" });
    expect(raw.status).toBe(400);
    const view = await importRows("books_view", { rows: [{ title: "x" }] });
    expect(view.body).toEqual({ code: 400, message: "Unsupported collection type.", data: {} });
    expect((await importRows("nope", { rows: [{}] })).status).toBe(404);
  });

  it("other requests wait for an import's transaction instead of landing in it", async () => {
    await clear("books");
    const rows = Array.from({ length: 3000 }, (_, i) => ({ title: `T${i}`, code: i === 2999 ? "dup" : "" }));
    rows.push({ title: "last", code: "dup" });
    const importing = importRows("books", { atomic: true, rows });
    await new Promise((r) => setTimeout(r, 5));
    const single = call(cairn, { method: "POST", path: "/api/collections/books/records", token, body: { title: "single" } });
    const [imp, one] = await Promise.all([importing, single]);
    expect((imp.body as Result).imported).toBe(0);
    expect(one.status).toBe(200);
    // the single create survived the import's rollback
    expect(await count("books")).toBe(1);
  });
});
