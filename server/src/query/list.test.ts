import { sqliteDialect } from "../db/sqlite/dialect.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QueryError } from "./errors.js";
import { buildListSql, runList } from "./list.js";
import { ReadPool } from "../db/readPool.js";
import { SqliteDb } from "../db/sqlite/database.js";
import { cleanupTempDirs } from "../../test/support/dataDirs.js";
import { sqliteDbWith } from "../../test/support/sqliteFile.js";
import { tableResolver } from "./tableResolver.js";
import type { FieldResolver, ListQuery } from "./types.js";

let db: SqliteDb;
const plain = tableResolver(sqliteDialect, "items", ["id", "title", "n", "flag", "created", "data"], { jsonColumns: ["data"], rowid: true });
const resolver: FieldResolver = {
  dialect: sqliteDialect,
  resolve: (id) => (id === "tags" ? { sql: "`items`.`tags`", multiple: true } : plain.resolve(id)),
};

// id, title, n, flag, created, data, tags
const ROWS: [string, string | null, number | null, number, string, string | null, string | null][] = [
  ["r1", "hello", 7, 1, "2024-01-01 10:00:00.000Z", '{"auth":"admin","status":200,"k":""}', '["a","b"]'],
  ["r2", "", 0, 0, "2024-01-02 10:00:00.000Z", '{"auth":"guest","status":404,"nested":{"x":1}}', '["a"]'],
  ["r3", null, null, 0, "2024-01-03 10:00:00.000Z", '{"status":500,"list":[10,20]}', "[]"],
  ["r4", "a_b", -1.5, 1, "2024-01-04 10:00:00.000Z", "not json", '["c"]'],
  ["r5", "a%b", 3, 0, "2024-01-05 10:00:00.000Z", null, null],
  ["r6", "A\\b", 7, 0, "2024-01-06 10:00:00.000Z", '{"auth":null}', '"a"'],
  ["r7", "it's \"q\"", 7.5, 1, "2024-01-07 10:00:00.000Z", '{"auth":"admin"}', '["b",""]'],
  ["r8", "axb", 2, 0, "2024-01-08 10:00:00.000Z", "{}", ""],
];

beforeAll(() => {
  db = sqliteDbWith((raw) => {
    raw.exec("CREATE TABLE `items` (`id` TEXT PRIMARY KEY, `title` TEXT, `n` NUMERIC, `flag` BOOLEAN, `created` TEXT, `data` JSON, `tags` JSON)");
    const ins = raw.prepare("INSERT INTO items VALUES (?, ?, ?, ?, ?, ?, ?)");
    for (const r of ROWS) ins.run(...r);
  });
});
afterAll(async () => {
  await db.close();
  cleanupTempDirs();
});

const list = (query: ListQuery, defaultSort?: string) =>
  runList(db, { table: "items", resolver, query, defaultSort, mapRow: (r) => r.id as string, now: new Date("2024-01-05T12:00:00Z") });
const ids = async (filter: string) => (await list({ filter, sort: "id", perPage: "500" })).items;

describe("runList filters against SQLite", () => {
  it.each<[string, string[]]>([
    // null and "" are the same for = and != on plain columns
    ["title = ''", ["r2", "r3"]],
    ["title = null", ["r2", "r3"]],
    ["title != ''", ["r1", "r4", "r5", "r6", "r7", "r8"]],
    ["title != null", ["r1", "r4", "r5", "r6", "r7", "r8"]],
    ["title = 'hello'", ["r1"]],
    ["title != 'hello'", ["r2", "r3", "r4", "r5", "r6", "r7", "r8"]], // IS NOT keeps NULLs
    ["title > ''", ["r1", "r4", "r5", "r6", "r7", "r8"]],
    ["n = title", ["r3"]], // COALESCE(NULL,'') = COALESCE(NULL,'')
    ["title = \"it's \\\"q\\\"\"", ["r7"]],
    ["title = 'it\\'s \"q\"'", ["r7"]],
    ["title = 'A\\b'", ["r6"]],
    // numbers, bools
    ["n = 7", ["r1", "r6"]],
    ["n >= 7", ["r1", "r6", "r7"]],
    ["n < 0", ["r4"]],
    ["n = -1.5", ["r4"]],
    ["n = '7'", ["r1", "r6"]],
    ["flag = true", ["r1", "r4", "r7"]],
    ["flag = false", ["r2", "r3", "r5", "r6", "r8"]],
    ["flag != true && n > 0", ["r5", "r6", "r8"]],
    // LIKE, escaping and wildcards
    ["title ~ 'ell'", ["r1"]],
    ["title ~ 'HEL'", ["r1"]],
    ["title !~ 'ell'", ["r2", "r4", "r5", "r6", "r7", "r8"]], // NULL NOT LIKE is NULL
    ["title ~ 'a_b'", ["r4"]],
    ["title ~ 'a%b'", ["r4", "r5", "r6", "r8"]],
    ["title ~ 'a\\%b'", ["r5"]],
    ["title ~ 'A\\b'", ["r6"]],
    ["title ~ ''", ["r1", "r2", "r4", "r5", "r6", "r7", "r8"]],
    ["title ~ null", []],
    ["title ~ '\"'", ["r7"]],
    ["'hello world' ~ title && title != ''", ["r1"]],
    // JSON keys: IS semantics, missing key is NULL, invalid JSON is NULL
    ["data.auth = 'admin'", ["r1", "r7"]],
    ["data.auth != 'admin'", ["r2", "r3", "r4", "r5", "r6", "r8"]],
    ["data.auth = null", ["r3", "r4", "r5", "r6", "r8"]],
    ["data.auth = ''", []],
    ["data.k = ''", ["r1"]],
    ["data.k != ''", ["r2", "r3", "r4", "r5", "r6", "r7", "r8"]],
    ["data.status >= 400", ["r2", "r3"]],
    ["data.status = 200", ["r1"]],
    ["data.status = '200'", []],
    ["data.nested.x = 1", ["r2"]],
    ["data.list.1 = 20", ["r3"]],
    ["data.auth ?= 'guest'", ["r2"]],
    ["data.missing = data.other", ["r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8"]],
    // any-of / all-of on a JSON array column
    ["tags ?= 'a'", ["r1", "r2", "r6"]],
    ["tags = 'a'", ["r2", "r6"]],
    ["tags ?!= 'a'", ["r1", "r3", "r4", "r5", "r7", "r8"]],
    ["tags != 'a'", ["r4", "r7", "r8"]],
    ["tags ?= ''", ["r3", "r5", "r7", "r8"]],
    ["tags = ''", ["r3", "r5", "r8"]],
    ["tags ?~ 'b'", ["r1", "r7"]],
    ["tags ?= title", ["r3"]],
    // logic, precedence, comments
    ["title = 'hello' || n = 0 && flag = false", ["r1", "r2"]],
    ["(title = 'hello' || n = 0) && flag = false", ["r2"]],
    ["title = 'hello' || (n = 0 && flag = true)", ["r1"]],
    ["n = 7 // sevens\n&& flag = true // only flagged", ["r1"]],
    ["// header\nn = 7", ["r1", "r6"]],
    ["((((n = 7))))", ["r1", "r6"]],
    ["@rowid <= 2", ["r1", "r2"]],
    // macros (now = 2024-01-05 12:00Z)
    ["created < @now", ["r1", "r2", "r3", "r4", "r5"]],
    ["created >= @todayStart && created <= @todayEnd", ["r5"]],
    ["created >= @monthStart && @year = 2024 && @month = 1 && @day = 5 && @weekday = 5 && @hour = 12", ["r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8"]],
  ])("%j", async (filter, expected) => {
    expect(await ids(filter)).toEqual(expected);
  });

  it.each(["unknown = 1", "title ==", "title = 'x", "(title = 'x'", "title:lower = 'x'", "   ", "// nothing", "()"])("400 for %j", async (filter) => {
    await expect(list({ filter })).rejects.toBeInstanceOf(QueryError);
  });

  it("treats an empty filter as none", async () => {
    expect((await list({ filter: "" })).totalItems).toBe(8);
  });
});

describe("runList paging and sorting", () => {
  it("returns the reference's shape and key order", async () => {
    const r = await list({ perPage: "3", page: "2", sort: "id" });
    expect(Object.keys(r)).toEqual(["page", "perPage", "totalItems", "totalPages", "items"]);
    expect(r).toEqual({ page: 2, perPage: 3, totalItems: 8, totalPages: 3, items: ["r4", "r5", "r6"] });
  });

  it("skips the count with skipTotal", async () => {
    expect(await list({ perPage: "3", skipTotal: "true", sort: "id" })).toEqual({ page: 1, perPage: 3, totalItems: -1, totalPages: -1, items: ["r1", "r2", "r3"] });
    const sql = buildListSql({ table: "items", resolver, query: { skipTotal: "1" } });
    expect(sql.skipTotal).toBe(true);
  });

  it("returns an empty page past the end, and zero pages for no match", async () => {
    expect(await list({ page: "99" })).toMatchObject({ page: 99, totalItems: 8, totalPages: 1, items: [] });
    expect(await list({ filter: "id = 'none'" })).toMatchObject({ totalItems: 0, totalPages: 0, items: [] });
    expect((await list({ page: "9223372036854775807" })).items).toEqual([]);
  });

  it("sorts, with the default sort when none is given", async () => {
    expect((await list({ sort: "-n,id" })).items).toEqual(["r7", "r1", "r6", "r5", "r8", "r2", "r4", "r3"]);
    expect((await list({}, "-created")).items[0]).toBe("r8");
    expect((await list({ sort: "id" }, "-created")).items[0]).toBe("r1");
    expect((await list({ sort: "-@rowid" })).items[0]).toBe("r8");
    expect((await list({ sort: "-data.status,id" })).items.slice(0, 3)).toEqual(["r3", "r2", "r1"]);
    expect(new Set((await list({ sort: "@random" })).items)).toEqual(new Set(ROWS.map((r) => r[0])));
  });

  it("400 for a bad sort or paging parameter", async () => {
    for (const q of [{ sort: "nope" }, { sort: "id," }, { page: "x" }, { perPage: "1.5" }, { skipTotal: "yes" }]) {
      await expect(list(q)).rejects.toBeInstanceOf(QueryError);
    }
  });

  it("AND-s an extra condition (e.g. an API rule) with the filter", async () => {
    const r = await runList(db, { table: "items", resolver, query: { filter: "n = 7", sort: "id" }, where: { sql: "`items`.`flag` = ?", params: [1] }, mapRow: (x) => x.id });
    expect(r.items).toEqual(["r1"]);
  });

  it("selects DISTINCT rows and counts them when a field needs a join", async () => {
    await db.exec("CREATE TABLE IF NOT EXISTS `notes` (`item` TEXT, `body` TEXT)");
    await db.exec("DELETE FROM notes; INSERT INTO notes VALUES ('r1','x'),('r1','y'),('r2','x')");
    const withJoin: FieldResolver = {
      dialect: sqliteDialect,
      resolve: (id) =>
        id === "notes.body"
          ? { sql: "`n1`.`body`", joins: [{ sql: "LEFT JOIN `notes` `n1` ON `n1`.`item` = `items`.`id` AND `n1`.`body` != ?", params: ["zzz"] }] }
          : resolver.resolve(id),
    };
    const r = await runList(db, { table: "items", resolver: withJoin, query: { filter: "notes.body = 'x' || notes.body = 'y'", sort: "id" }, mapRow: (x) => x.id });
    expect(r).toMatchObject({ totalItems: 2, items: ["r1", "r2"] });
  });

  it("turns an SQL error SQLite raises into a 400", async () => {
    const broken: FieldResolver = { dialect: sqliteDialect, resolve: () => ({ sql: "no_such_column" }) };
    await expect(runList(db, { table: "items", resolver: broken, query: { filter: "x = 1" }, mapRow: (r) => r })).rejects.toBeInstanceOf(QueryError);
  });

  it("handles thousands of conditions", async () => {
    const filter = Array.from({ length: 3000 }, (_, i) => `id = 'r${i}'`).join(" || ");
    expect((await list({ filter })).totalItems).toBe(8);
  });
});

describe("runList on a database with a read pool", () => {
  let pooledDb: SqliteDb;
  let pool: ReadPool;
  beforeAll(() => {
    // The workers open the same file by name.
    pool = new ReadPool({ size: 2, slowMs: 0 });
    pooledDb = new SqliteDb(db.file, { readPool: pool });
  });
  afterAll(async () => {
    await pool.close();
    await pooledDb.close();
  });

  it("answers what runList answers, every statement run on a worker", async () => {
    const queries: ListQuery[] = [
      {},
      { sort: "-n,id", perPage: "3", page: "2" },
      { filter: "title ~ 'a' || n > 2", sort: "created" },
      { filter: "data.status >= 400", skipTotal: "1" },
      { filter: "tags ?= 'a'", sort: "-id" },
    ];
    for (const query of queries) {
      const opts = { table: "items", resolver, query, mapRow: (r: Record<string, unknown>) => r, now: new Date("2024-01-05T12:00:00Z") };
      expect(await runList(pooledDb, opts)).toEqual(await runList(db, opts));
    }
    expect(pool.counts).toEqual({ main: 0, workers: 9 });
  });

  it("turns an SQL error SQLite raises on a worker into the same QueryError", async () => {
    const broken: FieldResolver = { dialect: sqliteDialect, resolve: () => ({ sql: "no_such_column" }) };
    const opts = { table: "items", resolver: broken, query: { filter: "x = 1" }, mapRow: (r: unknown) => r };
    const sync = await runList(db, opts).catch((e: unknown) => e);
    const pooled = await runList(pooledDb, opts).catch((e: unknown) => e);
    expect(pooled).toBeInstanceOf(QueryError);
    expect(pooled).toEqual(sync);
  });
});
