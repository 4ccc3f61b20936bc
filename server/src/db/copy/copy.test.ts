import Database from "better-sqlite3";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCollectionsStorage } from "../../collections/sync.js";
import { dataDirWithRows } from "../../../test/support/bulkRows.js";
import { adminToken, call } from "../../../test/support/client.js";
import { cleanupTempDirs, copyDataDir, referenceDataDir, tempDir } from "../../../test/support/dataDirs.js";
import { freePort } from "../../../test/support/ports.js";
import { createFixture, httpClient, PASSWORD } from "../../../test/support/rulesFixture.js";
import { freshDatabase } from "../../../test/support/postgres.js";
import { startCairn, startReference, type RunningServer } from "../../../test/support/servers.js";
import { copyPostgresToDataDir } from "./toDataDir.js";
import { copyDataDirToPostgres } from "./toPostgres.js";
import { CopyRefusedError } from "./types.js";

const hooks = { createCollectionsStorage };

/** Cairn on the PostgreSQL database `url`, its files in `dataDir`. */
const startCairnOn = (dataDir: string, url: string) => startCairn(dataDir, undefined, { databaseUrl: url });

/** A second record titled `title` is refused with the unique index's validation error. */
async function expectTitleUnique(server: RunningServer, title: string): Promise<void> {
  const res = await call(server, { method: "POST", path: "/api/collections/posts/records", token: await adminToken(server), body: { title } });
  expect(res.status).toBe(400);
  expect((res.body as { data: { title: { code: string } } }).data.title.code).toBe("validation_not_unique");
}

async function tableCount(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return Number((await c.query("SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = 'public'")).rows[0].n);
  } finally {
    await c.end();
  }
}

const sqliteCount = (file: string, table: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n;
  } finally {
    db.close();
  }
};

/** What a server answers about the data: collections, records of each (sorted by id), the view's rows. */
async function answers(server: RunningServer): Promise<unknown[]> {
  const token = await adminToken(server);
  const get = async (p: string) => {
    const res = await call(server, { path: p, token });
    expect(res.status, `${server.name} ${p}`).toBe(200);
    return res.body;
  };
  return [
    await get("/api/collections?perPage=100&sort=name"),
    await get("/api/collections/posts/records?sort=id"),
    await get("/api/collections/users/records?sort=id"),
    await get("/api/collections/post_titles/records?sort=id"),
    await get("/api/collections/posts/records?filter=" + encodeURIComponent("published = true && meta.n > 1") + "&sort=id"),
  ];
}

describe("cairn db copy", () => {
  let refDir: string;
  let ref: RunningServer;

  // A data directory made by the reference: a collection with text, bool, number, JSON and file
  // fields and a unique index, a view over it, an auth record, records with files, request logs.
  beforeAll(async () => {
    refDir = referenceDataDir();
    ref = await startReference(refDir);
    const token = await adminToken(ref);
    const post = (p: string, body: unknown) => call(ref, { method: "POST", path: p, token, body });
    expect((await post("/api/collections", {
      name: "posts", type: "base",
      schema: [
        { name: "title", type: "text" }, { name: "published", type: "bool" }, { name: "views", type: "number" },
        { name: "meta", type: "json", options: { maxSize: 2000 } },
        { name: "docs", type: "file", options: { maxSelect: 3, maxSize: 100000 } },
      ],
      indexes: ["CREATE UNIQUE INDEX idx_title ON posts (title)"],
      listRule: "", viewRule: "",
    })).status).toBe(200);
    expect((await post("/api/collections", { name: "post_titles", type: "view", options: { query: "SELECT id, title, published FROM posts" } })).status).toBe(200);
    // SQLite's SQL that PostgreSQL has no counterpart for.
    expect((await post("/api/collections", { name: "post_years", type: "view", options: { query: "SELECT id, strftime('%Y', created) AS y FROM posts" } })).status).toBe(200);
    for (let i = 0; i < 5; i++) {
      const res = await call(ref, {
        method: "POST", path: "/api/collections/posts/records", token,
        form: [["title", `post ${i}`], ["published", String(i % 2 === 0)], ["views", String(i * 1.5)], ["meta", JSON.stringify({ n: i, tags: ["a", "b"] })], ["docs", [`doc${i}.txt`, `hello ${i}`]]],
      });
      expect(res.status).toBe(200);
    }
    expect((await post("/api/collections/users/records", { username: "alice", email: "alice@example.com", password: "secret123", passwordConfirm: "secret123" })).status).toBe(200);
    await ref.stop();
    ref = await startReference(refDir);
  }, 60_000);

  /** A new database holding the reference's data directory. */
  const copiedDatabase = async () => {
    const url = await freshDatabase();
    await copyDataDirToPostgres({ dataDir: refDir, url, ...hooks });
    return url;
  };

  afterAll(async () => {
    await ref?.stop();
    cleanupTempDirs();
  });

  it("copies a reference-made data directory into PostgreSQL: Cairn there answers as the reference on the original", async () => {
    const url = await freshDatabase();
    const progress: string[] = [];
    const result = await copyDataDirToPostgres({ dataDir: refDir, url, ...hooks, onProgress: (t, done, total) => progress.push(`${t} ${done}/${total}`) });
    expect(result.warnings).toEqual([expect.stringMatching(/^view collection "post_years" was copied without its SQL view: PostgreSQL cannot run its query/)]);
    expect(result.rows.posts).toBe(5);
    expect(result.rows._admins).toBe(1);
    expect(progress).toContain("posts 5/5");
    expect(result.rows._logs).toBe(sqliteCount(path.join(refDir, "logs.db"), "_logs"));
    expect(result.rows._logs).toBeGreaterThan(5);
    const cairn = await startCairnOn(copyDataDir(refDir), url);
    try {
      expect(await answers(cairn)).toEqual(await answers(ref));
      const token = await adminToken(cairn);
      // The file names survive and the files (storage/ copied beside) are served.
      const list = (await call(cairn, { path: "/api/collections/posts/records?sort=title", token })).body as { items: { id: string; collectionId: string; docs: string[] }[] };
      const first = list.items[0];
      expect(first.docs[0]).toMatch(/^doc0_\w+\.txt$/);
      const file = await call(cairn, { path: `/api/files/${first.collectionId}/${first.id}/${first.docs[0]}` });
      expect(file.text).toBe("hello 0");
      // The unique index is still enforced, with the reference's validation error.
      await expectTitleUnique(cairn, "post 1");
      // The auth record signs in; logs are listed.
      expect((await call(cairn, { method: "POST", path: "/api/collections/users/auth-with-password", body: { identity: "alice", password: "secret123" } })).status).toBe(200);
      const logs = (await call(cairn, { path: "/api/logs?perPage=1", token })).body as { totalItems: number };
      expect(logs.totalItems).toBeGreaterThanOrEqual(result.rows._logs);
    } finally {
      await cairn.stop();
    }
  }, 60_000);

  it("copies PostgreSQL back into a data directory the reference serves with the same answers", async () => {
    const url = await copiedDatabase();
    // A view written in PostgreSQL's SQL on Cairn there, which SQLite cannot run.
    const cairn = await startCairnOn(copyDataDir(refDir), url);
    try {
      const res = await call(cairn, { method: "POST", path: "/api/collections", token: await adminToken(cairn), body: { name: "pg_titles", type: "view", options: { query: "SELECT id, title::text AS t FROM posts" } } });
      expect(res.status).toBe(200);
    } finally {
      await cairn.stop();
    }
    const target = path.join(tempDir(), "back");
    const result = await copyPostgresToDataDir({ url, dataDir: target, ...hooks });
    expect(result.warnings).toEqual([expect.stringMatching(/^view collection "pg_titles" was copied without its SQL view: SQLite cannot run its query/)]);
    expect(readdirSync(target).sort()).toEqual(["data.db", "logs.db"]);
    expect(sqliteCount(path.join(target, "logs.db"), "_logs")).toBe(result.rows._logs);
    const before = await answers(ref);
    const back = await startReference(target);
    try {
      const after = await answers(back);
      // The same collections (and the PostgreSQL view's, kept without its SQL view) and records.
      const collections = (after[0] as { items: { name: string }[] }).items;
      expect(collections.map((c) => c.name)).toContain("pg_titles");
      (after[0] as { items: unknown[] }).items = collections.filter((c) => c.name !== "pg_titles");
      (after[0] as { totalItems: number }).totalItems--;
      expect(after).toEqual(before);
      await expectTitleUnique(back, "post 2");
    } finally {
      await back.stop();
    }
  }, 60_000);

  it("copies the rules fixture (every relation, select, JSON and bool shape) both ways with the same answers", async () => {
    const dir = referenceDataDir();
    const fixtureRef = await startReference(dir);
    await createFixture(httpClient(fixtureRef.url), await adminToken(fixtureRef));
    await fixtureRef.stop();
    /** Every collection's records with their relations expanded, and a user's view of them. */
    const everything = async (server: RunningServer) => {
      const token = await adminToken(server);
      const out: unknown[] = [];
      for (const path of [
        "/api/collections/teams/records?sort=id", "/api/collections/tags/records?sort=id",
        "/api/collections/users/records?sort=id&expand=team,friends",
        "/api/collections/posts/records?sort=id&expand=author,tags,author.team",
        "/api/collections/comments/records?sort=id&expand=post,likes", "/api/collections/stats/records?sort=id&expand=post",
        "/api/collections/pv/records?sort=id&expand=author",
        "/api/collections/posts/records?sort=-views,id&filter=" + encodeURIComponent("meta.a.b = 1 || tags.name ?= 'sql' || published = true"),
      ]) out.push((await call(server, { path, token })).body);
      const user = await call(server, { method: "POST", path: "/api/collections/users/auth-with-password", body: { identity: "ann", password: PASSWORD } });
      out.push(user.status, (user.body as { record: unknown }).record);
      return out;
    };
    const url = await freshDatabase();
    expect((await copyDataDirToPostgres({ dataDir: dir, url, ...hooks })).warnings).toEqual([]);
    const back = path.join(tempDir(), "back");
    expect((await copyPostgresToDataDir({ url, dataDir: back, ...hooks })).warnings).toEqual([]);
    const servers = [await startReference(dir), await startCairnOn(copyDataDir(dir), url), await startReference(back)];
    try {
      const [original, onPostgres, copiedBack] = await Promise.all(servers.map(everything));
      expect((original[3] as { items: unknown[] }).items).toHaveLength(6);
      expect(onPostgres).toEqual(original);
      expect(copiedBack).toEqual(original);
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
  }, 120_000);

  it("refuses a target that is not empty, in both directions, and leaves it as it was", async () => {
    const url = await copiedDatabase();
    const tables = await tableCount(url);
    await expect(copyDataDirToPostgres({ dataDir: refDir, url, ...hooks })).rejects.toThrow(CopyRefusedError);
    await expect(copyDataDirToPostgres({ dataDir: refDir, url, ...hooks })).rejects.toThrow(/not empty \(it has "_admins"\)/);
    expect(await tableCount(url)).toBe(tables);
    await expect(copyPostgresToDataDir({ url, dataDir: refDir, ...hooks })).rejects.toThrow(/already holds data\.db and logs\.db/);
  }, 60_000);

  it("replaces Cairn's tables of a database (a restore), keeping the cluster's and other tables", async () => {
    const url = await copiedDatabase();
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(`CREATE TABLE "my_own" ("x" INT)`);
      await c.query(`INSERT INTO "my_own" VALUES (7)`);
      await c.query(`DELETE FROM "posts"`);
      const before = Number((await c.query(`SELECT "version" FROM "_changeVersion"`)).rows[0].version);
      const result = await copyDataDirToPostgres({ dataDir: refDir, url, ...hooks, replace: true });
      expect(result.rows.posts).toBe(5);
      expect((await c.query(`SELECT count(*)::int AS n FROM "posts"`)).rows[0].n).toBe(5);
      expect((await c.query(`SELECT "x" FROM "my_own"`)).rows).toEqual([{ x: 7 }]);
      // The change counter moved on (other nodes drop their caches), never back to 0.
      expect(Number((await c.query(`SELECT "version" FROM "_changeVersion"`)).rows[0].version)).toBeGreaterThan(before);
    } finally {
      await c.end();
    }
  }, 60_000);

  it("leaves an empty database when a row cannot be copied (all or nothing)", async () => {
    const dir = copyDataDir(refDir);
    const db = new Database(path.join(dir, "data.db"));
    db.prepare("UPDATE posts SET views = 'not a number' WHERE title = 'post 3'").run();
    db.close();
    const url = await freshDatabase();
    await expect(copyDataDirToPostgres({ dataDir: dir, url, ...hooks })).rejects.toThrow(/copying table "posts" failed: .*double precision/);
    expect(await tableCount(url)).toBe(0);
  }, 60_000);

  it("leaves no data directory when the copy out of PostgreSQL fails halfway", async () => {
    const url = await copiedDatabase();
    const parent = tempDir();
    const target = path.join(parent, "out");
    const failing = (table: string) => {
      if (table === "posts") throw new Error("stopped");
    };
    await expect(copyPostgresToDataDir({ url, dataDir: target, ...hooks, onProgress: failing })).rejects.toThrow("stopped");
    expect(existsSync(target)).toBe(false);
    expect(readdirSync(parent)).toEqual([]);
  }, 60_000);

  it("copies 100 000 records each way in seconds", async () => {
    const dir = dataDirWithRows(refDir, "INSERT INTO posts (id, title, published, views, meta, docs) VALUES (?, ?, ?, ?, ?, '[]')", 100_000, (i) => [
      `big${String(i).padStart(12, "0")}`, `big ${i}`, i % 2, i, JSON.stringify({ i }),
    ]);
    const url = await freshDatabase();
    let started = Date.now();
    const into = await copyDataDirToPostgres({ dataDir: dir, url, ...hooks });
    const intoMs = Date.now() - started;
    expect(into.rows.posts).toBe(100_005);
    started = Date.now();
    const target = path.join(tempDir(), "big");
    const out = await copyPostgresToDataDir({ url, dataDir: target, ...hooks });
    const outMs = Date.now() - started;
    expect(out.rows.posts).toBe(100_005);
    // In insertion order both ways: the last inserted row comes last.
    const back = new Database(path.join(target, "data.db"), { readonly: true });
    const last = back.prepare("SELECT id, published, meta FROM posts ORDER BY rowid DESC LIMIT 1").get();
    back.close();
    expect(last).toEqual({ id: "big000000099999", published: 1, meta: '{"i":99999}' });
    console.log(`100k records: into PostgreSQL ${intoMs} ms, out ${outMs} ms`);
    expect(intoMs).toBeLessThan(30_000);
    expect(outMs).toBeLessThan(30_000);
  }, 120_000);

  it("refuses a bad URL and an unreachable server without printing the password", async () => {
    await expect(copyDataDirToPostgres({ dataDir: refDir, url: "mysql://u:pw@h/x", ...hooks })).rejects.toThrow(/only PostgreSQL URLs/);
    const port = await freePort();
    const err = await copyPostgresToDataDir({ url: `postgres://u:hunter2@127.0.0.1:${port}/x`, dataDir: path.join(tempDir(), "x"), ...hooks }).catch((e: Error) => e);
    expect(String(err)).toMatch(/cannot open the PostgreSQL database postgres:\/\/u:\*\*\*@127\.0\.0\.1/);
    expect(String(err)).not.toContain("hunter2");
  }, 60_000);
});
