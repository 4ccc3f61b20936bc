import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { createApp } from "../app.js";
import { migrationRunner } from "../cli/migrate.js";
import { cleanupTempDirs, tempDir } from "../../test/support/dataDirs.js";

afterAll(cleanupTempDirs);

/** A migration checking the globals' answers itself: any mismatch throws and fails the run. */
const CHECKS = `
function eq(a, b, what) {
  if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(what + ": " + JSON.stringify(a) + " != " + JSON.stringify(b));
}
migrate((db) => {
  const dao = $app.dao();
  const c = new Collection();
  unmarshal({ name: "notes", type: "base", schema: [{ id: "textfld1", name: "text", type: "text" }, { id: "numfld01", name: "n", type: "number" }] }, c);
  eq(c.isNew(), true, "new collection");
  c.schema.addField(new SchemaField({ id: "textfld1", name: "body", type: "text" }));
  c.schema.addField(new SchemaField({ name: "done", type: "bool" }));
  eq(c.schema.fields().map((f) => f.name), ["body", "n", "done"], "addField replaces by id, appends otherwise");
  eq(c.schema.getFieldByName("n").id, "numfld01", "getFieldByName");
  dao.saveCollection(c);
  eq([c.isNew(), c.id.length, c.schema.getFieldByName("done").id.length > 0], [false, 15, true], "saved collection");
  eq(dao.findCollectionByNameOrId("NOTES").id, c.id, "found by name, any case");
  eq(dao.findCollectionsByType("auth").map((x) => x.name), ["users"], "findCollectionsByType");

  dao.runInTransaction((tx) => {
    for (let i = 0; i < 4; i++) {
      const r = new Record(c);
      r.set("body", "note " + i);
      r.set("n", String(i * 2));
      r.set("done", i % 2 === 1);
      tx.saveRecord(r);
    }
  });
  const odd = dao.findRecordsByFilter("notes", "done = {:d} && n > {:min}", "-n", 0, 0, { d: true }, { min: 1 });
  eq(odd.map((r) => [r.getString("body"), r.getInt("n"), r.getBool("done")]), [["note 3", 6, true], ["note 1", 2, true]], "findRecordsByFilter");
  const first = dao.findFirstRecordByFilter("notes", "body = {:b}", { b: "note 2" });
  eq(dao.findRecordById(c, first.id).get("n"), 4, "findRecordById");
  dao.deleteRecord(first);
  let missing = "";
  try { dao.findRecordById("notes", first.id); } catch (e) { missing = e.message; }
  eq(missing, "sql: no rows in result set", "deleted record");

  const rows = arrayOf(new DynamicModel({ body: "", n: 0, done: false }));
  db.newQuery("SELECT body, n, done FROM notes ORDER BY n").all(rows);
  eq(rows.map((r) => [r.body, r.n, r.done]), [["note 0", 0, false], ["note 1", 2, true], ["note 3", 6, true]], "all(arrayOf(DynamicModel))");
  eq(db.newQuery("UPDATE notes SET n = n + 1").execute().rowsAffected(), 3, "execute");

  const users = dao.findCollectionByNameOrId("users");
  const u = new Record(users);
  u.setUsername("jane");
  u.setEmail("jane@example.com");
  u.setPassword("1234567890");
  dao.saveRecord(u);
  eq(dao.findAuthRecordByEmail("users", "jane@example.com").username(), "jane", "auth record");
}, (db) => {
  const dao = new Dao(db);
  dao.deleteRecord(dao.findFirstRecordByData("users", "username", "jane"));
  dao.deleteCollection(dao.findCollectionByNameOrId("notes"));
});
`;

it("the migration globals answer as PocketBase's, up and down", async () => {
  const root = tempDir();
  const dir = path.join(root, "pb_migrations");
  mkdirSync(dir);
  writeFileSync(path.join(dir, "1_checks.js"), CHECKS);
  const app = await createApp({ dataDir: path.join(root, "pb_data") });
  try {
    const runner = migrationRunner(app, dir);
    expect(await runner.up()).toEqual(["1_checks.js"]);
    const rows = await app.db.all<{ n: number }>("SELECT n FROM notes ORDER BY n");
    expect(rows.map((r) => r.n)).toEqual([1, 3, 7]);
    const jane = await app.db.get<{ passwordHash: string; tokenKey: string }>("SELECT passwordHash, tokenKey FROM users WHERE username = 'jane'");
    expect(jane?.passwordHash).toMatch(/^\$2[ab]\$/);
    expect(jane?.tokenKey).toHaveLength(50);
    expect(await runner.down(1)).toEqual(["1_checks.js"]);
    expect(await app.db.all("SELECT name FROM _collections WHERE name = 'notes'")).toEqual([]);
    expect(await app.db.all("SELECT id FROM users")).toEqual([]);
  } finally {
    await app.close();
  }
}, 60_000);
