import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type DB } from "./connection.js";
import { repairViewQuotes } from "./viewQuotes.js";
import { cleanupTempDirs, referenceDataDir, tempDir } from "../../test/support/dataDirs.js";
import { adminToken, call } from "../../test/support/client.js";
import { startCairn, startReference, type RunningServer } from "../../test/support/servers.js";

afterAll(cleanupTempDirs);

const viewSql = (db: DB, name: string) => (db.prepare("SELECT sql FROM sqlite_schema WHERE name = ?").get(name) as { sql: string }).sql;

/** Stores a view's text as-is (this build would refuse to compile it, as a reader of the view would). */
function rawView(db: DB, name: string, sql: string): void {
  db.unsafeMode(true);
  db.pragma("writable_schema = ON");
  db.prepare("INSERT INTO sqlite_schema (type, name, tbl_name, rootpage, sql) VALUES ('view', ?, ?, 0, ?)").run(name, name, sql);
  db.pragma("writable_schema = RESET");
  db.unsafeMode(false);
}

describe("the SQLite build", () => {
  it("is the prebuilt one: double-quoted string literals are refused (so views need repairViewQuotes)", () => {
    const db = openDatabase(":memory:");
    db.exec("CREATE TABLE t (id TEXT, status TEXT)");
    expect(() => db.prepare('SELECT id FROM t WHERE status = "x"')).toThrow(/no such column/);
    db.close();
  });
});

describe("repairViewQuotes", () => {
  it("turns double-quoted tokens that resolve to nothing into strings, keeps identifiers, and fixes views over views", () => {
    const file = path.join(tempDir(), "data.db");
    let db = openDatabase(file);
    db.exec(`CREATE TABLE posts (id TEXT, status TEXT, title TEXT);
      INSERT INTO posts VALUES ('a', 'x', 'A'), ('b', 'y', 'B'), ('c', 'x"q', 'title');
      CREATE TABLE fine (id TEXT); CREATE VIEW ok AS SELECT id FROM fine WHERE id = 'x';`);
    rawView(db, "v", `CREATE VIEW \`v\` AS SELECT * FROM (SELECT "id", "title" AS "label", 'it''s "x"' AS q FROM "posts" WHERE (status = "x" OR status = "x""q") AND "title" != '')`);
    rawView(db, "w", `CREATE VIEW w AS SELECT id FROM v WHERE label = "A"`);
    rawView(db, "broken", `CREATE VIEW broken AS SELECT nope FROM posts`);
    db.close();

    db = openDatabase(file);
    expect(repairViewQuotes(db).sort()).toEqual(["v", "w"]);
    // "title" names a column of posts, so it stays an identifier (SQLite's rule); "x" and "x""q" do not.
    expect(viewSql(db, "v")).toBe(
      `CREATE VIEW \`v\` AS SELECT * FROM (SELECT "id", "title" AS "label", 'it''s "x"' AS q FROM "posts" WHERE (status = 'x' OR status = 'x"q') AND "title" != '')`,
    );
    expect(db.prepare("SELECT id, label, q FROM v ORDER BY id").all()).toEqual([
      { id: "a", label: "A", q: `it's "x"` },
      { id: "c", label: "title", q: `it's "x"` },
    ]);
    expect(db.prepare("SELECT id FROM w").all()).toEqual([{ id: "a" }]);
    expect(viewSql(db, "ok")).toBe("CREATE VIEW ok AS SELECT id FROM fine WHERE id = 'x'");
    expect(viewSql(db, "broken")).toBe("CREATE VIEW broken AS SELECT nope FROM posts");
    expect(repairViewQuotes(db)).toEqual([]);
    db.close();
  });
});

describe("a PocketBase data directory whose view uses double-quoted string literals", () => {
  it("opens and serves in Cairn, and the rewritten directory still opens in the reference", async () => {
    const dir = referenceDataDir();
    const listLive = (s: RunningServer, token: string) => call(s, { path: "/api/collections/live/records?sort=title", token });

    let ref = await startReference(dir);
    let token = await adminToken(ref);
    const posts = await call(ref, {
      method: "POST",
      path: "/api/collections",
      token,
      body: { name: "posts", type: "base", schema: [{ name: "title", type: "text" }, { name: "status", type: "text" }] },
    });
    expect(posts.status).toBe(200);
    for (const [title, status] of [["One", "live"], ["Two", "draft"], ["Three", "live"]]) {
      expect((await call(ref, { method: "POST", path: "/api/collections/posts/records", token, body: { title, status } })).status).toBe(200);
    }
    const view = await call(ref, {
      method: "POST",
      path: "/api/collections",
      token,
      body: { name: "live", type: "view", options: { query: 'SELECT id, title, "published" AS label FROM posts WHERE status = "live"' } },
    });
    expect(view.status).toBe(200);
    const expected = await listLive(ref, token);
    expect(expected.status).toBe(200);
    expect((expected.body as { items: { title: string; label: string }[] }).items.map((i) => [i.title, i.label])).toEqual([
      ["One", "published"],
      ["Three", "published"],
    ]);
    await ref.stop();
    const raw = openDatabase(path.join(dir, "data.db"), { readonly: true });
    expect(viewSql(raw, "live")).toContain('status = "live"');
    raw.close();

    const cairn = await startCairn(dir);
    try {
      token = await adminToken(cairn);
      const got = await listLive(cairn, token);
      expect(got.status).toBe(200);
      expect(got.body).toEqual(expected.body);
      const stored = await cairn.app.db.get<{ sql: string }>("SELECT sql FROM sqlite_schema WHERE name = ?", ["live"]);
      expect(stored?.sql).toContain("status = 'live'");
      // Cairn can change the collection (recreating the view from its stored query) too.
      const updated = await call(cairn, { method: "PATCH", path: "/api/collections/live", token, body: { listRule: "" } });
      expect(updated.status).toBe(200);
      expect(await listLive(cairn, token)).toMatchObject({ status: 200, body: expected.body });
    } finally {
      await cairn.stop();
    }

    ref = await startReference(dir);
    try {
      token = await adminToken(ref);
      const again = await listLive(ref, token);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(expected.body);
    } finally {
      await ref.stop();
    }
  });
});
