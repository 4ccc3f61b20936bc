import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.js";
import { migrationRunner } from "../cli/migrate.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, cleanupTempDirs, copyDataDir, referenceDataDir, tempDir } from "../../test/support/dataDirs.js";
import { freshDatabase } from "../../test/support/postgres.js";
import { adminToken, call } from "../../test/support/client.js";
import { startCairn, startReference, type RunningServer } from "../../test/support/servers.js";
import { appliedJsFiles, collectionsOf, pbFlags, pbMigrate, project, withCairn, withReference } from "../../test/support/migrations.js";
import { MigrationFailed } from "./runner.js";

afterAll(cleanupTempDirs);

/** Records as the API lists them, without ids and times. */
async function recordsOf(s: RunningServer, collection: string): Promise<unknown[]> {
  const token = await adminToken(s);
  const res = await call(s, { path: `/api/collections/${collection}/records?perPage=200&sort=title`, token });
  expect(res.status).toBe(200);
  return (res.body as { items: Record<string, unknown>[] }).items.map(({ id: _i, created: _c, updated: _u, collectionId: _ci, ...rest }) => rest);
}

async function cairnMigrate(dataDir: string, migrationsDir: string, fn: (r: ReturnType<typeof migrationRunner>) => Promise<unknown>): Promise<void> {
  const app = await createApp({ dataDir });
  try {
    await fn(migrationRunner(app, migrationsDir));
  } finally {
    await app.close();
  }
}

/** The schema of the record tables, their indexes and the views, as SQLite keeps it. */
async function recordSchema(dataDir: string): Promise<unknown[]> {
  const app = await createApp({ dataDir });
  try {
    return await app.db.all("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE tbl_name IN ('articles', 'members', 'article_titles', 'users') ORDER BY type, name");
  } finally {
    await app.close();
  }
}

/** Collection changes made through the reference's API while its automigrate writes files. */
async function changeThroughApi(s: RunningServer): Promise<void> {
  const token = await adminToken(s);
  const send = async (method: string, p: string, body?: unknown) => {
    // Automigrate names files by the second: one change per second keeps their names in order.
    await new Promise((r) => setTimeout(r, 1100));
    const res = await call(s, { method, path: p, body, token });
    expect(res.status, `${method} ${p}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body as Record<string, unknown>;
  };
  const posts = await send("POST", "/api/collections", {
    name: "posts",
    type: "base",
    listRule: "",
    schema: [
      { name: "title", type: "text", required: true, options: { min: 3, max: 200 } },
      { name: "views", type: "number", options: { min: 0, noDecimal: true } },
      { name: "status", type: "select", options: { maxSelect: 1, values: ["draft", "published"] } },
      { name: "tags", type: "select", options: { maxSelect: 3, values: ["a", "b", "c"] } },
      { name: "author", type: "relation", options: { collectionId: "_pb_users_auth_", maxSelect: 1, cascadeDelete: false } },
      { name: "meta", type: "json", options: { maxSize: 2000 } },
      { name: "flag", type: "bool" },
      { name: "cover", type: "file", options: { maxSelect: 1, maxSize: 5242880, mimeTypes: ["image/png"], thumbs: ["100x100"] } },
      { name: "contact", type: "email", options: { exceptDomains: ["spam.test"] } },
      { name: "site", type: "url" },
      { name: "when", type: "date" },
      { name: "body", type: "editor", options: { convertUrls: false } },
    ],
    indexes: ["CREATE UNIQUE INDEX `idx_posts_title` ON `posts` (`title`)"],
  });
  const schema = posts.schema as Record<string, unknown>[];
  await send("PATCH", "/api/collections/posts", {
    name: "articles",
    listRule: "views > 0",
    schema: [...schema.filter((f) => f.name !== "flag"), { name: "subtitle", type: "text", options: {} }],
    indexes: ["CREATE UNIQUE INDEX `idx_posts_title` ON `articles` (`title`)", "CREATE INDEX `idx_articles_views` ON `articles` (`views`)"],
  });
  await send("POST", "/api/collections", { name: "tags", type: "base", schema: [{ name: "label", type: "text" }] });
  await send("POST", "/api/collections", {
    name: "members",
    type: "auth",
    schema: [{ name: "nick", type: "text" }],
    options: { allowEmailAuth: true, allowUsernameAuth: false, minPasswordLength: 10, requireEmail: true },
  });
  await send("POST", "/api/collections", { name: "article_titles", type: "view", listRule: "", options: { query: "SELECT id, title, views FROM articles" } });
  await send("DELETE", "/api/collections/tags");
  // Field options, a renamed field, a relation to another collection, auth options.
  const articles = await send("GET", "/api/collections/articles");
  const fields = (articles.schema as Record<string, unknown>[]).map((f) => {
    if (f.name === "subtitle") return { ...f, name: "lead" };
    if (f.name === "status") return { ...f, options: { ...(f.options as object), values: ["draft", "published", "archived"] } };
    return f;
  });
  const members = await send("GET", "/api/collections/members");
  await send("PATCH", "/api/collections/articles", {
    schema: [...fields, { name: "editor", type: "relation", required: false, options: { collectionId: members.id, maxSelect: 2, cascadeDelete: true } }],
  });
  await send("PATCH", "/api/collections/members", { options: { ...(members.options as object), minPasswordLength: 12, onlyEmailDomains: ["example.com"] } });
}

/** A data migration in the style users write: records, plain SQL with bound values, a filter. */
const DATA_MIGRATION = `/// <reference path="../pb_data/types.d.ts" />
migrate((db) => {
  const dao = new Dao(db);
  const articles = dao.findCollectionByNameOrId("articles");
  for (let i = 1; i <= 3; i++) {
    const r = new Record(articles);
    r.set("title", "post " + i);
    r.set("views", i);
    r.set("tags", ["a", "b"]);
    dao.saveRecord(r);
  }
  db.newQuery("UPDATE articles SET views = views * {:k} WHERE views >= {:min}").bind({ k: 10, min: 2 }).execute();
  const big = dao.findRecordsByFilter("articles", "views >= {:v}", "-views", 10, 0, { v: 20 });
  big.forEach((r) => {
    r.set("lead", "big " + r.getInt("views"));
    dao.saveRecord(r);
  });
  const first = dao.findFirstRecordByData("articles", "title", "post 1");
  first.set("status", "published");
  dao.saveRecord(first);
  const row = new DynamicModel({ n: 0 });
  db.newQuery("SELECT COUNT(*) AS n FROM articles WHERE lead != ''").one(row);
  if (row.n !== 2) throw new Error("expected 2 subtitled articles, got " + row.n);
}, (db) => {
  db.newQuery("DELETE FROM articles").execute();
})
`;

describe("pb_migrations written by the reference's automigrate", () => {
  const files = project();
  let refLive: string;
  let written: string[] = [];

  beforeAll(async () => {
    // The reference, automigrate on, writes a file for each collection change made through its API.
    refLive = referenceDataDir();
    const s = await startReference(refLive, pbFlags(files.migrationsDir, true));
    try {
      await changeThroughApi(s);
    } finally {
      await s.stop();
    }
    written = readdirSync(files.migrationsDir).sort();
    writeFileSync(path.join(files.migrationsDir, "9999999999_seed_articles.js"), DATA_MIGRATION);
  }, 120_000);

  it("replay on a fresh Cairn data directory gives the collections the reference has", async () => {
    expect(written.length).toBe(8);
    expect(readFileSync(path.join(files.migrationsDir, written[0]!), "utf8")).toContain("new Collection(");
    const dir = copyDataDir(referenceDataDir());
    await cairnMigrate(dir, files.migrationsDir, async (r) => expect(await r.up()).toEqual([...written, "9999999999_seed_articles.js"]));
    const expected = await withReference(refLive, files.migrationsDir, collectionsOf);
    expect(expected.map((c) => (c as { name: string }).name)).toEqual(["article_titles", "articles", "members", "users"]);
    expect(await withCairn(dir, collectionsOf)).toEqual(expected);
    // The record tables, indexes and views are the reference's, statement for statement.
    const schema = await recordSchema(refLive);
    expect(schema.length).toBeGreaterThan(6);
    expect(await recordSchema(dir)).toEqual(schema);
  }, 120_000);

  it("gives the same collections and records as the reference's own `migrate up`", async () => {
    const ref = referenceDataDir();
    const up = pbMigrate(["up"], ref, files.migrationsDir);
    expect(up.code, up.out).toBe(0);
    const cairnDir = referenceDataDir();
    await cairnMigrate(cairnDir, files.migrationsDir, (r) => r.up());
    const [refCollections, refRecords] = await withReference(ref, files.migrationsDir, async (s) => [await collectionsOf(s), await recordsOf(s, "articles")]);
    const [cairnCollections, cairnRecords] = await withCairn(cairnDir, async (s) => [await collectionsOf(s), await recordsOf(s, "articles")]);
    expect(cairnCollections).toEqual(refCollections);
    expect((refRecords as unknown[]).length).toBe(3);
    expect(cairnRecords).toEqual(refRecords);
    // The `_migrations` rows agree both ways: neither server applies the other's files again.
    expect(await appliedJsFiles(cairnDir)).toEqual(await appliedJsFiles(ref));
    await cairnMigrate(ref, files.migrationsDir, async (r) => expect(await r.up()).toEqual([]));
    const again = pbMigrate(["up"], cairnDir, files.migrationsDir);
    expect(again.code, again.out).toBe(0);
    expect(again.out).not.toContain("Applied");
    expect(await withCairn(cairnDir, (s) => recordsOf(s, "articles"))).toEqual(refRecords);
  }, 180_000);

  it("on PostgreSQL, gives the collections and records the reference has", async () => {
    const url = await freshDatabase();
    const dataDir = tempDir();
    const app = await createApp({ dataDir, databaseUrl: url });
    try {
      await app.admins.insertNew(ADMIN_EMAIL, ADMIN_PASSWORD);
      expect(await migrationRunner(app, files.migrationsDir).up()).toHaveLength(written.length + 1);
    } finally {
      await app.close();
    }
    const ref = referenceDataDir();
    pbMigrate(["up"], ref, files.migrationsDir);
    const expected = await withReference(ref, files.migrationsDir, async (s) => [await collectionsOf(s), await recordsOf(s, "articles")]);
    const s = await startCairn(dataDir, undefined, { databaseUrl: url });
    try {
      expect([await collectionsOf(s), await recordsOf(s, "articles")]).toEqual(expected);
    } finally {
      await s.stop();
    }
  }, 180_000);

  it("`down N` reverts the last N files, newest first, back to the start", async () => {
    const dir = referenceDataDir();
    await cairnMigrate(dir, files.migrationsDir, async (r) => {
      await r.up();
      expect(await r.down(1)).toEqual(["9999999999_seed_articles.js"]);
    });
    expect(await withCairn(dir, (s) => recordsOf(s, "articles"))).toEqual([]);
    await cairnMigrate(dir, files.migrationsDir, async (r) => expect(await r.down(100)).toEqual([...written].reverse()));
    expect((await withCairn(dir, collectionsOf)).map((c) => (c as { name: string }).name)).toEqual(["users"]);
    expect(await appliedJsFiles(dir)).toEqual([]);
  }, 120_000);
});

describe("a failing migration", () => {
  const BAD = `migrate((db) => {
  const c = new Collection({ name: "half", type: "base", schema: [{ name: "x", type: "text" }] });
  Dao(db).saveCollection(c);
  new Dao(db).saveCollection(new Collection({ name: "half", type: "base", schema: [{ name: "y", type: "text" }] }));
}, null)
`;
  const GOOD = `migrate((db) => { Dao(db).saveCollection(new Collection({ name: "first", type: "base", schema: [{ name: "x", type: "text" }] })); })\n`;

  it("stops the run naming its file and leaves nothing of the run, as on the reference", async () => {
    const files = project();
    writeFileSync(path.join(files.migrationsDir, "1_first.js"), GOOD);
    writeFileSync(path.join(files.migrationsDir, "2_bad.js"), BAD);
    writeFileSync(path.join(files.migrationsDir, "3_never.js"), GOOD.replace("first", "never"));
    const dir = referenceDataDir();
    let error: unknown;
    await cairnMigrate(dir, files.migrationsDir, async (r) => {
      error = await r.up().catch((e: unknown) => e);
    });
    expect(error).toBeInstanceOf(MigrationFailed);
    expect((error as Error).message).toMatch(/^Failed to apply migration 2_bad\.js: .*name: /);
    expect((await withCairn(dir, collectionsOf)).map((c) => (c as { name: string }).name)).toEqual(["users"]);
    expect(await appliedJsFiles(dir)).toEqual([]);

    const ref = referenceDataDir();
    const up = pbMigrate(["up"], ref, files.migrationsDir);
    // The reference prints the error (and exits 0); Cairn's `migrate up` exits 1.
    expect(up.out).toContain("Error: Failed to apply migration 2_bad.js: ");
    // As on the reference, the run is one transaction: the file before the failing one is undone too.
    expect(await appliedJsFiles(ref)).toEqual([]);
  }, 120_000);

  it("a syntax error names the file and line", async () => {
    const files = project();
    writeFileSync(path.join(files.migrationsDir, "1_syntax.js"), "migrate((db) => {\n  const = 1;\n})\n");
    let error: unknown;
    await cairnMigrate(referenceDataDir(), files.migrationsDir, async (r) => {
      error = await r.up().catch((e: unknown) => e);
    });
    expect((error as Error).message).toMatch(/^Failed to apply migration 1_syntax\.js: Unexpected token '=' \(1_syntax\.js:2\)$/);
  }, 60_000);
});
