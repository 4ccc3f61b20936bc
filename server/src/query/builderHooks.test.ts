/** The filter builder hooks the record resolver relies on: literal operands, guards and rule joins. */
import { sqliteDialect } from "../db/sqlite/dialect.js";
import { afterAll, describe, expect, it } from "vitest";
import { cleanupTempDirs } from "../../test/support/dataDirs.js";
import { sqliteDbWith } from "../../test/support/sqliteFile.js";
import { compileFilter } from "./filterSql.js";
import { buildListSql, runList } from "./list.js";
import type { FieldResolver, ResolvedField } from "./types.js";

const FIELDS: Record<string, ResolvedField> = {
  id: { sql: "`t`.`id`" },
  a: { sql: "`t`.`a`" },
  qText: { sql: "?", params: ["Hello"], literal: { empty: false, likeText: "Hello" } },
  qEmpty: { sql: "?", params: [""], literal: { empty: true, likeText: "" } },
  qNull: { sql: "NULL", literal: { empty: true } },
  each: { sql: "`je`.`value`", joins: ["LEFT JOIN json_each(`t`.`j`) AS `je`"], literal: { empty: false } },
  guarded: { sql: "`t`.`email`", guard: { sql: "`t`.`visible` = ?", params: [1n] } },
};
const resolver: FieldResolver = { dialect: sqliteDialect, resolve: (id) => FIELDS[id] ?? null };
const sql = (f: string) => compileFilter(f, resolver);

const rows = [
  ["r1", "Hello", '["x"]', "a@x", 1],
  ["r2", "", "[]", "b@x", 0],
  ["r3", null, '["", "y"]', "", 1],
];
const db = sqliteDbWith((raw) => {
  raw.exec("CREATE TABLE t (id TEXT, a TEXT, j TEXT, email TEXT, visible INTEGER)");
  for (const r of rows) raw.prepare("INSERT INTO t VALUES (?, ?, ?, ?, ?)").run(...r);
});
afterAll(async () => {
  await db.close();
  cleanupTempDirs();
});
const ids = async (filter: string) => (await runList(db, { table: "t", resolver, query: { filter, sort: "id" }, mapRow: (r) => r.id })).items;

describe("builder hooks", () => {
  it("a literal operand compares like a literal: directly, or folded with NULL when empty", async () => {
    expect(sql("a = qText")).toMatchObject({ sql: "`t`.`a` = ?", params: ["Hello"] });
    expect(await ids("a = qText")).toEqual(["r1"]);
    expect(await ids("a = qEmpty")).toEqual(["r2", "r3"]);
    expect(await ids("a = qNull")).toEqual(["r2", "r3"]);
    expect(await ids("a != qNull")).toEqual(["r1"]);
    expect(await ids("qEmpty = qNull")).toEqual(["r1", "r2", "r3"]);
  });

  it("a literal operand on the right of ~ becomes a LIKE pattern; a NULL one matches nothing", async () => {
    expect(sql("a ~ qText")).toMatchObject({ sql: "`t`.`a` LIKE ? ESCAPE '\\'", params: ["%Hello%"] });
    expect(await ids("a ~ qNull")).toEqual([]);
    expect(await ids("qText ~ a")).toEqual(["r1", "r2"]);
  });

  it("a known non-empty value is compared with '' as it is (a NULL does not match '')", async () => {
    expect(sql("each = ''")).toMatchObject({ sql: "`je`.`value` = ?", params: [""] });
    expect(await ids("each = ''")).toEqual(["r3"]);
    expect(await ids("each = null")).toEqual(["r3"]);
    expect(await ids("each != ''")).toEqual(["r1", "r2", "r3"]);
  });

  it("a guard is AND-ed with the whole comparison", async () => {
    expect(sql("guarded != 'zz'")).toMatchObject({ sql: "(`t`.`email` IS NOT ? AND `t`.`visible` = ?)", params: ["zz", 1n] });
    expect(await ids("guarded != 'zz'")).toEqual(["r1", "r3"]);
    expect(await ids("guarded = ''")).toEqual(["r3"]);
    expect(await ids("guarded = '' || a = 'Hello'")).toEqual(["r1", "r3"]);
  });

  it("runList's where brings its joins, deduplicated with the filter's", async () => {
    const where = { sql: "`je`.`value` = ?", params: ["x"], joins: ["LEFT JOIN json_each(`t`.`j`) AS `je`"] };
    const built = buildListSql({ table: "t", resolver, where, query: { filter: "each != 'y'" } });
    expect(built.select.sql.match(/LEFT JOIN/g)).toHaveLength(1);
    expect((await runList(db, { table: "t", resolver, where, query: {}, mapRow: (r) => r.id })).items).toEqual(["r1"]);
  });
});
