import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../test/support/postgres.js";
import { SYSTEM_CALLER } from "../auth/caller.js";
import { createApp, type App } from "../app.js";
import { createPgPool, PgDb } from "../db/postgres/database.js";
import type { Db } from "../db/types.js";
import { DomainError } from "../tools/errors.js";
import { parseFirstJsonValue } from "../tools/goJson.js";
import { createCollectionsStorage } from "./sync.js";

/**
 * The same sequence of collection changes and record writes through the app's services
 * (createApp) on an SQLite data dir and on a fresh PostgreSQL database: every answer (collection JSON, record JSON,
 * error bodies) must be the same, generated ids and times aside.
 */

/** What the scenario drives: the app's services over its database. */
type Engine = Pick<App, "db" | "collections" | "records">;

const TIME = /\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}Z/g;

/** An answer without what differs by nature: times, secrets, and the field ids a view's schema generates. */
function normalize(v: unknown): unknown {
  const text = JSON.stringify(v, (key, value) => {
    if (key === "id" && typeof value === "string" && /^[a-z0-9]{8}$/.test(value)) return "<generated>";
    if (key === "tokenKey" || key === "passwordHash") return "<secret>";
    return value;
  });
  return text === undefined ? undefined : JSON.parse(text.replace(TIME, "<time>"));
}

/** The answer of a call: its value, or the error body the API would send. */
async function answer(p: Promise<unknown>): Promise<unknown> {
  try {
    return normalize({ ok: await p });
  } catch (err) {
    // Anything else is a 500 (a bug): shown as such, so the comparison names the step.
    if (!(err instanceof DomainError)) return { crash: String((err as Error)?.message ?? err) };
    return normalize({ error: err.kind, message: err.message, data: err.data });
  }
}

const body = (v: unknown) => () => parseFirstJsonValue(JSON.stringify(v));
const field = (id: string, name: string, type: string, options: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({ id, name, type, options, ...extra });

/** The steps, each giving an answer to compare. */
function steps(e: Engine): [string, () => Promise<unknown>][] {
  const c = e.collections;
  const find = async (name: string) => (await c.find(name))!;
  const createRecord = async (coll: string, data: Record<string, unknown>) => e.records.create(await find(coll), { data, files: new Map() }, SYSTEM_CALLER);
  const viewRecord = async (coll: string, id: string) => e.records.view(await find(coll), id, SYSTEM_CALLER);
  const update = (name: string, change: (cur: Record<string, unknown>) => Record<string, unknown>) => async () =>
    c.update(SYSTEM_CALLER, name, body(change((await c.view(SYSTEM_CALLER, name)) as Record<string, unknown>)));
  return [
    ["create tags", () => c.create(SYSTEM_CALLER, body({ id: "tagscollection1", name: "tags", type: "base", schema: [field("flabel01", "label", "text")] }))],
    [
      "create posts with every field type and indexes",
      () =>
        c.create(
          SYSTEM_CALLER,
          body({
            id: "postscollectio1",
            name: "posts",
            type: "base",
            schema: [
              field("ftitle01", "title", "text"),
              field("fnumber1", "n", "number"),
              field("fbool001", "b", "bool"),
              field("femail01", "e", "email"),
              field("furl0001", "u", "url"),
              field("feditor1", "ed", "editor"),
              field("fdate001", "d", "date"),
              field("fsel0001", "s", "select", { maxSelect: 1, values: ["a", "b", "c"] }),
              field("fsel0002", "sm", "select", { maxSelect: 3, values: ["a", "b", "c"] }),
              field("fjson001", "j", "json", { maxSize: 1000 }),
              field("ffile001", "f", "file", { maxSelect: 1, maxSize: 1000 }),
              field("frel0001", "tag", "relation", { collectionId: "tagscollection1", maxSelect: 1 }),
              field("frel0002", "tags", "relation", { collectionId: "tagscollection1", maxSelect: null }),
            ],
            indexes: [
              "CREATE UNIQUE INDEX `idx_title` ON `posts` (`title` COLLATE NOCASE)",
              "CREATE UNIQUE INDEX idx_email ON posts (lower(e)) WHERE e != ''",
              "CREATE UNIQUE INDEX `idx_n` ON `posts` (`n`) WHERE n > 0",
            ],
          }),
        ),
    ],
    ["create members (auth)", () => c.create(SYSTEM_CALLER, body({ id: "memberscollect1", name: "members", type: "auth", schema: [field("fname001", "name", "text")] }))],
    [
      "create a view with a count",
      () =>
        c.create(
          SYSTEM_CALLER,
          body({
            id: "tagviewcollect1",
            name: "tag_uses",
            type: "view",
            options: { query: "SELECT tags.id, tags.label, count(posts.id) AS total FROM tags LEFT JOIN posts ON posts.tag = tags.id GROUP BY tags.id, tags.label" },
          }),
        ),
    ],
    ["create a view with a numeric id", () => c.create(SYSTEM_CALLER, body({ id: "numviewcollect1", name: "numbered", type: "view", options: { query: "SELECT (ROW_NUMBER() OVER()) AS id, label FROM tags" } }))],
    ["refuse a view query that does not resolve", () => c.create(SYSTEM_CALLER, body({ name: "broken", type: "view", options: { query: "SELECT id, nosuch FROM tags" } }))],
    ["refuse a view without id", () => c.create(SYSTEM_CALLER, body({ name: "noid", type: "view", options: { query: "SELECT label FROM tags" } }))],
    ["refuse an index on a missing column", update("posts", (cur) => ({ ...cur, indexes: [...(cur.indexes as string[]), "CREATE INDEX idx_bad ON posts (nosuch)"] }))],
    ["create tag t1", () => createRecord("tags", { id: "t10000000000001", label: "one" })],
    ["create tag t2", () => createRecord("tags", { id: "t20000000000002", label: "two" })],
    [
      "create a post",
      () =>
        createRecord("posts", {
          id: "p10000000000001", title: "Hello", n: 2.5, b: true, e: "A@x.org", u: "https://x.org", ed: "<p>x</p>", d: "2024-01-02 03:04:05.678Z",
          s: "b", sm: ["a", "c"], j: { k: [1, "two", null] }, tag: "t10000000000001", tags: ["t10000000000001", "t20000000000002"],
        }),
    ],
    ["refuse a title differing only in case (NOCASE unique index)", () => createRecord("posts", { id: "p20000000000002", title: "hELLO" })],
    ["refuse the same positive n (partial unique index)", () => createRecord("posts", { id: "p30000000000003", title: "other", n: 2.5 })],
    ["refuse the same email in another case (unique expression index)", () => createRecord("posts", { id: "p70000000000007", title: "other2", e: "a@X.org" })],
    ["allow the same n when not positive", async () => [await createRecord("posts", { id: "p40000000000004", title: "zero1" }), await createRecord("posts", { id: "p50000000000005", title: "zero2" })]],
    ["create a user", () => createRecord("members", { id: "u10000000000001", username: "user1", email: "u1@x.org", password: "1234567890", passwordConfirm: "1234567890", name: "U" })],
    ["refuse a taken username", () => createRecord("members", { id: "u20000000000002", username: "user1", password: "1234567890", passwordConfirm: "1234567890" })],
    ["read the count view", () => viewRecord("tag_uses", "t10000000000001")],
    ["read the numbered view", () => viewRecord("numbered", "2")],
    ["create a view over tags", () => c.create(SYSTEM_CALLER, body({ id: "vacollection001", name: "v_a", type: "view", options: { query: "SELECT id, label FROM tags" } }))],
    ["create a view over that view", () => c.create(SYSTEM_CALLER, body({ id: "vbcollection001", name: "v_b", type: "view", options: { query: "SELECT id FROM v_a" } }))],
    ["drop a column from the inner view", update("v_a", (cur) => ({ ...cur, options: { query: "SELECT id, (label || '!') AS shout FROM tags" } }))],
    ["read the outer view after", () => viewRecord("v_b", "t20000000000002")],
    ["read the inner view after", () => viewRecord("v_a", "t20000000000002")],
    [
      "rename posts, rename, add and drop fields, switch single and multiple",
      update("posts", (cur) => ({
        ...cur,
        name: "articles",
        schema: (cur.schema as Record<string, unknown>[])
          .filter((f) => f.name !== "d")
          .map((f) => {
            if (f.name === "title") return { ...f, name: "headline" };
            if (f.name === "s") return { ...f, options: { ...(f.options as object), maxSelect: 2 } };
            if (f.name === "sm") return { ...f, options: { ...(f.options as object), maxSelect: 1 } };
            if (f.name === "tags") return { ...f, options: { ...(f.options as object), maxSelect: 1 } };
            return f;
          })
          .concat([field("fnew0001", "extra", "number")]),
        indexes: ["CREATE UNIQUE INDEX `idx_title` ON `articles` (`headline` COLLATE NOCASE)"],
      })),
    ],
    ["read the post after the changes", () => viewRecord("articles", "p10000000000001")],
    ["still refuse a title differing only in case", () => createRecord("articles", { id: "p60000000000006", headline: "HELLO" })],
    ["refuse deleting a collection others relate to", () => c.delete(SYSTEM_CALLER, "tags")],
    ["refuse deleting a collection a view reads", () => c.delete(SYSTEM_CALLER, "articles")],
    ["refuse deleting a view another view reads", () => c.delete(SYSTEM_CALLER, "v_a")],
    ["delete the views", async () => {
      for (const v of ["tag_uses", "numbered", "v_b", "v_a"]) await c.delete(SYSTEM_CALLER, v);
    }],
    ["delete articles", () => c.delete(SYSTEM_CALLER, "articles")],
    // (On PostgreSQL a view's SQL must quote a mixed-case table name, so no view reads it here.)
    ["rename a collection in case only", update("tags", (cur) => ({ ...cur, name: "Tags" }))],
    ["create a tag after the case rename", () => createRecord("Tags", { id: "t30000000000003", label: "three" })],
    ["read it by the old name", () => viewRecord("tags", "t30000000000003")],
    ["delete Tags", () => c.delete(SYSTEM_CALLER, "tags")],
    [
      "import a new collection with a view over it and change members",
      async () => {
        const members = (await c.view(SYSTEM_CALLER, "members")) as Record<string, unknown>;
        const imported = [
          { ...members, schema: [...(members.schema as object[]), field("fage0001", "age", "number")] },
          {
            id: "bookscollectio1", name: "books", type: "base",
            schema: [field("fbtitle1", "title", "text"), field("fbtags01", "tags", "select", { maxSelect: 2, values: ["x", "y"] })],
            indexes: ["CREATE UNIQUE INDEX idx_book ON books (title)"],
          },
          { id: "bookviewcolle1", name: "book_view", type: "view", options: { query: "SELECT id, title FROM books" } },
        ];
        await c.import(SYSTEM_CALLER, body({ collections: imported, deleteMissing: false }));
        return (await c.all()).filter((x) => x.name !== "users").map((x) => ({ name: x.name, fields: x.schema.map((f) => `${f.name}:${f.type}`), indexes: x.indexes }));
      },
    ],
    ["refuse an import whose index fails", () => c.import(SYSTEM_CALLER, body({ collections: [{ id: "badcollection01", name: "bad", type: "base", schema: [], indexes: ["CREATE INDEX idx_x ON bad (nosuch)"] }] }))],
    ["create a book", () => createRecord("books", { id: "b10000000000001", title: "B", tags: ["x", "y"] })],
    ["read it through the imported view", () => viewRecord("book_view", "b10000000000001")],
    ["replace everything by import (deleteMissing)", async () => {
      const members = await c.view(SYSTEM_CALLER, "members");
      await c.import(SYSTEM_CALLER, body({ collections: [members], deleteMissing: true }));
      return (await c.all()).map((x) => x.name).filter((n) => n !== "users");
    }],
    // The data dir's default users collection is SQLite's only.
    ["list what is left", async () => (await c.all()).filter((x) => x.name !== "users").map((x) => ({ name: x.name, type: x.type, fields: x.schema.map((f) => f.name) }))],
  ];
}

describe("collections on SQLite and PostgreSQL", () => {
  let dir: string;
  const engines: Engine[] = [];
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "cairn-engines-"));
    const onSqlite = await createApp({ dataDir: path.join(dir, "sqlite") });
    closers.push(() => onSqlite.close());
    // With a database URL the data dir keeps files only.
    const onPostgres = await createApp({ dataDir: path.join(dir, "files"), databaseUrl: await freshDatabase(), dbPoolSize: 4 });
    closers.push(() => onPostgres.close());
    engines.push(onSqlite, onPostgres);
  });

  afterAll(async () => {
    for (const close of closers) await close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("answer the same sequence of changes the same way", async () => {
    const [sqlite, postgres] = engines.map(steps);
    const diverging: string[] = [];
    const answers: unknown[] = [];
    for (let i = 0; i < sqlite.length; i++) {
      const [name, onSqlite] = sqlite[i];
      const a = await answer(onSqlite());
      const b = await answer(postgres[i][1]());
      answers.push({ name, a });
      if (JSON.stringify(a) !== JSON.stringify(b)) diverging.push(`${name}\n  sqlite:   ${JSON.stringify(a)}\n  postgres: ${JSON.stringify(b)}`);
    }
    expect(diverging.join("\n")).toBe("");
    // The scenario checks what it means to: refusals refused, writes written.
    const by = (name: string) => (answers.find((x) => (x as { name: string }).name === name) as { a: Record<string, unknown> }).a;
    expect(by("refuse a title differing only in case (NOCASE unique index)")).toMatchObject({ error: "bad_request", data: { title: { code: "validation_not_unique" } } });
    expect(by("refuse the same email in another case (unique expression index)")).toMatchObject({ data: { "index 'idx_email'": { code: "validation_not_unique" } } });
    expect(by("refuse the same positive n (partial unique index)")).toMatchObject({ data: { n: { code: "validation_not_unique" } } });
    expect(by("still refuse a title differing only in case")).toMatchObject({ data: { headline: { code: "validation_not_unique" } } });
    expect(by("refuse an index on a missing column")).toMatchObject({ data: { indexes: { "3": { code: "validation_invalid_index_expression" } } } });
    expect(by("read the count view")).toMatchObject({ ok: { id: "t10000000000001", total: 1 } });
    expect(by("read the post after the changes")).toMatchObject({ ok: { headline: "Hello", s: ["b"], sm: "c", tags: "t20000000000002", extra: 0 } });
    expect(by("delete articles")).toEqual({});
    expect(by("list what is left")).toEqual({ ok: [{ name: "members", type: "auth", fields: ["name", "age"] }] });
    expect(by("read the outer view after")).toEqual({ ok: { id: "t20000000000002" } });
    expect(by("read the inner view after")).toEqual({ ok: { id: "t20000000000002", shout: "two!" } });
    expect(by("refuse deleting a view another view reads")).toMatchObject({ error: "bad_request" });
    expect(by("read it through the imported view")).toEqual({ ok: { id: "b10000000000001", title: "B" } });
    expect(by("replace everything by import (deleteMissing)")).toEqual({ ok: ["members"] });
  });

  it("traces a PostgreSQL view column whose unquoted alias the database folded to lower case", async () => {
    const c = engines[1].collections;
    await c.create(SYSTEM_CALLER, body({ name: "notes", type: "base", schema: [field("fbody001", "body", "editor")] }));
    const view = (await c.create(SYSTEM_CALLER, body({ name: "note_view", type: "view", options: { query: "SELECT id, body AS noteBody, 1 AS One FROM notes" } }))) as { schema: { name: string; type: string }[] };
    expect(view.schema.map((f) => [f.name, f.type])).toEqual([["notebody", "editor"], ["one", "json"]]);
  });

  it("makes on PostgreSQL the tables and views of collections made on SQLite (a copy's storage)", async () => {
    const sqlite = engines[0];
    const c = sqlite.collections;
    await c.create(SYSTEM_CALLER, body({ name: "src", type: "base", schema: [field("fsrc0001", "label", "text"), field("fsrc0002", "many", "select", { maxSelect: 2, values: ["a", "b"] })], indexes: ["CREATE UNIQUE INDEX idx_src ON src (label COLLATE NOCASE)"] }));
    await c.create(SYSTEM_CALLER, body({ name: "src_v1", type: "view", options: { query: "SELECT id, label FROM src" } }));
    await c.create(SYSTEM_CALLER, body({ name: "src_v2", type: "view", options: { query: "SELECT id FROM src_v1" } }));
    await c.create(SYSTEM_CALLER, body({ name: "src_broken", type: "view", options: { query: "SELECT id FROM src" } }));
    const models = (await c.all()).filter((x) => x.name.startsWith("src")).reverse();
    // A view that does not resolve in the copied data stays a collection without a view.
    const broken = { ...models.find((m) => m.name === "src_broken")!, options: { query: "SELECT id FROM nowhere_at_all" } };
    const target = new PgDb(createPgPool(await freshDatabase(), { size: 2 }));
    try {
      const failed = await target.transaction((tx) => createCollectionsStorage(tx, models.map((m) => (m.name === "src_broken" ? broken : m))));
      expect(failed).toEqual(["src_broken"]);
      for (const name of ["src", "src_v1", "src_v2"]) {
        const names = async (db: Db) => (await db.read((t) => db.dialect.tableColumns(t, name))).map((col) => col.name);
        expect(await names(target)).toEqual(await names(sqlite.db));
      }
      await target.run(`INSERT INTO "src" ("label") VALUES ('X')`);
      const dup = await target.run(`INSERT INTO "src" ("label") VALUES ('x')`).catch((e: unknown) => e);
      expect(target.dialect.uniqueViolationColumns(dup)).toEqual(["label"]);
      expect(await target.all(`SELECT "label" FROM "src_v2" JOIN "src" USING ("id")`)).toEqual([{ label: "X" }]);
    } finally {
      await target.close();
    }
  });

  it("refuses on PostgreSQL an index it cannot translate, with the field error of a bad index", async () => {
    const c = engines[1].collections;
    const indexes = ["CREATE INDEX idx_ok ON things (title)", "CREATE INDEX idx_r ON things (title COLLATE RTRIM)"];
    const refused = await answer(c.create(SYSTEM_CALLER, body({ name: "things", type: "base", schema: [field("fthing01", "title", "text")], indexes })));
    expect(refused).toEqual({
      error: "bad_request",
      message: "Failed to create the collection.",
      data: { indexes: { "1": { code: "validation_invalid_index_expression", message: "Failed to create index idx_r - no such collation sequence: RTRIM." } } },
    });
    expect(await c.find("things")).toBeUndefined();
  });
});
