import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../test/support/postgres.js";
import { parseIndex, withTable } from "../indexes.js";
import type { Tx } from "../types.js";
import { createPgPool, PgDb } from "./database.js";
import { ROWID_COLUMN } from "./dialect.js";
import { createIndexSql, IndexTranslationError, multipleToSingle, PG_COLUMN, postgresSchemaEditor as ed, ROWID, singleToMultiple, translateExpression } from "./schemaEditor.js";

const scope = { table: "posts", columns: new Map([["title", "title"], ["mycol", "myCol"], ["id", "id"]]) };

describe("PostgreSQL index translation", () => {
  it("quotes the columns SQLite's names resolve to, whatever their quotes or case", () => {
    const idx = (sql: string) => createIndexSql(withTable(parseIndex(sql), "posts"), ["id", "title", "myCol"]);
    expect(idx("CREATE UNIQUE INDEX `idx_x` ON `posts` (`title`)")).toBe('CREATE UNIQUE INDEX "idx_x" ON "posts" ("title" NULLS FIRST)');
    expect(idx("create index idx_y on posts (MYCOL desc, title collate nocase)")).toBe('CREATE INDEX "idx_y" ON "posts" ("myCol" DESC NULLS LAST, "title" COLLATE "nocase" NULLS FIRST)');
    expect(idx("CREATE INDEX IF NOT EXISTS idx_z ON posts (lower(mycol)) WHERE [title] != \"\" AND id == 'a''b'")).toBe(
      `CREATE INDEX IF NOT EXISTS "idx_z" ON "posts" ((lower("myCol")) NULLS FIRST) WHERE "title" != '' AND "id" = 'a''b'`,
    );
    expect(translateExpression(scope, "title collate NOCASE = \"x\" or posts.mycol is null")).toBe(`"title" COLLATE "nocase" = 'x' or "posts"."myCol" is null`);
    expect(translateExpression(scope, "title NOT LIKE 'a%' AND likes(title)")).toBe(`"title" NOT ILIKE 'a%' AND likes("title")`);
  });

  it("refuses what has no translation", () => {
    const idx = (sql: string) => () => createIndexSql(withTable(parseIndex(sql), "posts"), ["title"]);
    expect(idx("CREATE INDEX a ON posts (title COLLATE RTRIM)")).toThrow(new Error("no such collation sequence: RTRIM"));
    expect(idx("CREATE INDEX a ON posts (title) WHERE title = ?")).toThrow(IndexTranslationError);
    expect(idx("CREATE INDEX a ON posts (title) WHERE 1; DROP TABLE posts")).toThrow(IndexTranslationError);
    expect(idx("CREATE INDEX other.a ON posts (title)")).toThrow(new Error("unknown database other"));
  });
});

describe("single and multiple value conversions", () => {
  // What SQLite's UPDATE in the SQLite editor computes, for the same values.
  const sqlite = new Database(":memory:");
  const toMany = (v: string | null) =>
    (sqlite.prepare("SELECT CASE WHEN COALESCE(@v, '') = '' THEN '[]' ELSE (CASE WHEN json_valid(@v) AND json_type(@v) == 'array' THEN @v ELSE json_array(@v) END) END AS v").get({ v }) as { v: string }).v;
  const toOne = (v: string | null) =>
    String((sqlite.prepare("SELECT CASE WHEN COALESCE(@v, '[]') = '[]' THEN '' ELSE (CASE WHEN json_valid(@v) AND json_type(@v) == 'array' THEN COALESCE(json_extract(@v, '$[#-1]'), '') ELSE @v END) END AS v").get({ v }) as { v: unknown }).v);
  afterAll(() => sqlite.close());

  it.each([null, "", "abc", '["a","b"]', "[]", "[1, 2]", '"quoted"', "{\"a\":1}", "ünï \"x\" \\ /", "[true]", "[null]", '[{"b": [1,2]}]', "[1.5]", "[ ]", "not [json"])(
    "gives SQLite's answer for %j",
    (v) => {
      expect(singleToMultiple(v)).toBe(toMany(v));
      expect(multipleToSingle(v)).toBe(toOne(v));
    },
  );
});

describe("PostgreSQL schema editor", () => {
  let db: PgDb;
  beforeAll(async () => {
    db = new PgDb(createPgPool(await freshDatabase(), { size: 2 }));
  });
  afterAll(() => db?.close());

  const tx = <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn);
  const columns = (name: string) => db.read((t) => db.dialect.tableColumns(t, name));

  it("uses the adapter's hidden row-order column", () => {
    expect(ROWID).toBe(ROWID_COLUMN);
    expect(PG_COLUMN.number).toBe("DOUBLE PRECISION DEFAULT 0 NOT NULL");
  });

  it("creates record tables whose defaults read as SQLite's", async () => {
    await tx(async (t) => {
      await ed.createTable(t, "Users", { ...ed.systemColumns(true), title: ed.columnDefinition("text"), n: ed.columnDefinition("number"), tags: ed.columnDefinition("multiple"), data: ed.columnDefinition("json") });
      await ed.createAuthIndexes(t, "abc123", "Users");
      await t.run(`INSERT INTO "Users" ("username", "tokenKey", "passwordHash") VALUES (?, ?, ?)`, ["u1", "k1", "h"]);
    });
    expect((await columns("Users")).map((c) => c.name)).toEqual([
      "created", "data", "email", "emailVisibility", "id", "lastLoginAlertSentAt", "lastResetSentAt", "lastVerificationSentAt", "n", "passwordHash", "tags", "title", "tokenKey", "updated", "username", "verified",
    ]);
    const row = (await db.get<Record<string, unknown>>(`SELECT * FROM "Users"`))!;
    expect(row.id).toMatch(/^r[0-9a-f]{14}$/);
    expect(row.created).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(row).toMatchObject({ title: "", n: 0, tags: "[]", data: null, email: "", verified: false, [ROWID]: 1 });
    // The auth indexes: a second user with the same username is refused, one more with an empty email is not.
    const err = await tx((t) => t.run(`INSERT INTO "Users" ("username", "tokenKey", "passwordHash") VALUES (?, ?, ?)`, ["u1", "k2", "h"])).catch((e) => e);
    expect(db.dialect.uniqueViolationColumns(err)).toEqual(["username"]);
    await tx((t) => t.run(`INSERT INTO "Users" ("username", "tokenKey", "passwordHash") VALUES (?, ?, ?)`, ["u2", "k2", "h"]));
  });

  it("enforces translated unique indexes, NOCASE as SQLite does, naming the column", async () => {
    await tx(async (t) => {
      await ed.createTable(t, "posts", { ...ed.systemColumns(false), title: ed.columnDefinition("text") });
      await ed.createIndex(t, withTable(parseIndex("CREATE UNIQUE INDEX `idx_title` ON `anything` (`TITLE` COLLATE NOCASE) WHERE title != ''"), "posts"));
      await t.run(`INSERT INTO "posts" ("title") VALUES (?), (?), (?)`, ["Hello", "", ""]);
    });
    const err = await tx((t) => t.run(`INSERT INTO "posts" ("title") VALUES (?)`, ["hELLO"])).catch((e) => e);
    expect(db.dialect.uniqueViolationColumns(err)).toEqual(["title"]);
    await tx((t) => ed.dropIndex(t, "idx_title"));
    await tx((t) => t.run(`INSERT INTO "posts" ("title") VALUES (?)`, ["hELLO"]));
    // An index PostgreSQL refuses fails with its reason, and the transaction can go on after it.
    const bad = await tx((t) => t.savepoint((sp) => ed.createIndex(sp, withTable(parseIndex("CREATE INDEX i2 ON posts (nosuch)"), "posts")))).catch((e) => e);
    expect(db.dialect.errorText(bad)).toBe("SQL logic error: no such column: nosuch (1)");
  });

  it("renames, adds and drops columns and tables; views over them follow", async () => {
    await tx(async (t) => {
      await ed.createTable(t, "a", { ...ed.systemColumns(false), x: ed.columnDefinition("text"), sel: ed.columnDefinition("text") });
      await t.run(`INSERT INTO "a" ("id", "x", "sel") VALUES ('r1', 'one', 's1'), ('r2', 'two', '')`);
      await ed.replaceView(t, "v", `SELECT id, x, sel FROM a`);
    });
    await tx(async (t) => {
      await ed.renameTable(t, "a", "A");
      await ed.renameColumn(t, "A", "x", "X");
      await ed.addColumn(t, "A", "b", ed.columnDefinition("bool"));
      await ed.changeCardinality(t, "A", [{ column: "sel", toMultiple: true, definition: ed.columnDefinition("multiple") }]);
    });
    expect(await db.all(`SELECT "id", "X", "b", "sel" FROM "A" ORDER BY "_rowid"`)).toEqual([
      { id: "r1", X: "one", b: false, sel: '["s1"]' },
      { id: "r2", X: "two", b: false, sel: "[]" },
    ]);
    expect(await db.all(`SELECT * FROM "v" ORDER BY id`)).toEqual([
      { id: "r1", x: "one", sel: '["s1"]' },
      { id: "r2", x: "two", sel: "[]" },
    ]);
    await tx((t) => t.run(`INSERT INTO "A" ("id") VALUES ('r3')`));
    expect((await db.get<{ sel: string }>(`SELECT "sel" FROM "A" WHERE "id" = 'r3'`))!.sel).toBe("[]");
    // A column a view still reads is refused, as SQLite's schema check refuses it; a table goes
    // with the views over it (SQLite leaves them broken; the service checks views after a drop).
    await expect(tx((t) => ed.dropColumn(t, "A", "sel"))).rejects.toThrow(/depend/);
    // The old name is free again: the row-order column's sequence and index took names of their own.
    await tx((t) => ed.createTable(t, "a", { ...ed.systemColumns(false) }));
    await tx((t) => t.run(`INSERT INTO "a" ("id") VALUES ('n1')`));
    expect(await db.all(`SELECT "id", "_rowid" FROM "a"`)).toEqual([{ id: "n1", _rowid: 1 }]);
    await tx((t) => ed.dropTable(t, "A"));
    expect(await columns("A")).toEqual([]);
    expect(await columns("v")).toEqual([]);
  });

  it("replaces views whose columns change and casts a view's id to text", async () => {
    await tx(async (t) => {
      await ed.replaceView(t, "w", "SELECT 1 AS id, 'a' AS name");
      await ed.replaceView(t, "w", "SELECT 2 AS id, true AS ok, count(*) AS total FROM (SELECT 1) AS s");
    });
    const cols = await columns("w");
    expect(cols).toEqual([
      { name: "id", type: "integer" },
      { name: "ok", type: "boolean" },
      { name: "total", type: "bigint" },
    ]);
    expect(ed.isTextType(cols[0].type)).toBe(false);
    await tx((t) => ed.replaceView(t, "w", ed.viewIdAsText("SELECT 2 AS id, true AS ok", ["ok"])));
    expect(await columns("w")).toEqual([{ name: "id", type: "text" }, { name: "ok", type: "boolean" }]);
    expect(ed.isTextType("text")).toBe(true);
    expect(await db.all(`SELECT * FROM "w"`)).toEqual([{ id: "2", ok: true }]);
    // Views over a view whose columns change are made again (one that no longer resolves is gone).
    await tx(async (t) => {
      await ed.replaceView(t, "w_ok", `SELECT id FROM w`);
      await ed.replaceView(t, "w_ok2", `SELECT id FROM w_ok`);
      await ed.replaceView(t, "w_gone", `SELECT ok FROM w`);
      await ed.replaceView(t, "w", "SELECT 3 AS id");
    });
    expect(await db.all(`SELECT * FROM "w_ok2"`)).toEqual([{ id: 3 }]);
    expect(await columns("w_gone")).toEqual([]);
    // A second statement is refused by the protocol itself.
    await expect(tx((t) => ed.replaceView(t, "w2", "SELECT 1 AS id; DROP VIEW w"))).rejects.toThrow();
    expect(await columns("w")).toHaveLength(1);
  });
  it("gives list queries' ORDER BY an index to walk in either direction, text compared bytewise", async () => {
    await tx(async (t) => {
      await ed.createTable(t, "ordered", { ...ed.systemColumns(false), title: ed.columnDefinition("text"), n: ed.columnDefinition("number") });
      await ed.createIndex(t, withTable(parseIndex("CREATE INDEX idx_ordered_created ON ordered (created)"), "ordered"));
      await ed.createIndex(t, withTable(parseIndex("CREATE INDEX idx_ordered_n ON ordered (n DESC)"), "ordered"));
      await t.run(`INSERT INTO "ordered" ("created", "title", "n") SELECT to_char(i, 'FM00000'), CASE WHEN i % 2 = 0 THEN 'a' ELSE 'B' END, i FROM generate_series(1, 5000) AS i`);
      await t.run(`ANALYZE "ordered"`);
    });
    const plan = async (column: string, kind: "text" | "number", dir: "ASC" | "DESC") => {
      const term = db.dialect.sortTerm({ sql: `"ordered"."${column}"`, params: [], kind }, dir);
      const rows = await db.read((t) => t.all<{ "QUERY PLAN": string }>(`EXPLAIN SELECT * FROM "ordered" WHERE "title" = ? ORDER BY ${term.sql}, "_rowid" LIMIT 30`, ["a"]));
      return rows.map((r) => r["QUERY PLAN"]).join("\n");
    };
    for (const dir of ["ASC", "DESC"] as const) {
      expect(await plan("created", "text", dir)).toMatch(/Index Scan (Backward )?using idx_ordered_created/);
      expect(await plan("n", "number", dir)).toMatch(/Index Scan (Backward )?using idx_ordered_n/);
    }
    // SQLite's BINARY order: upper-case letters before lower-case ones, whatever the database's collation.
    const titles = await db.read((t) => t.all<{ title: string }>(`SELECT DISTINCT "title" FROM "ordered" ORDER BY "title"`));
    expect(titles.map((r) => r.title)).toEqual(["B", "a"]);
  });
});
