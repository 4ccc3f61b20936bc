/** The filter builder hooks the record resolver relies on: literal operands, guards and rule joins. */
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
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
const resolver: FieldResolver = { resolve: (id) => FIELDS[id] ?? null };
const sql = (f: string) => compileFilter(f, resolver);

const db = new Database(":memory:");
db.exec("CREATE TABLE t (id TEXT, a TEXT, j TEXT, email TEXT, visible INTEGER)");
const rows = [
  ["r1", "Hello", '["x"]', "a@x", 1],
  ["r2", "", "[]", "b@x", 0],
  ["r3", null, '["", "y"]', "", 1],
];
for (const r of rows) db.prepare("INSERT INTO t VALUES (?, ?, ?, ?, ?)").run(...r);
afterAll(() => db.close());
const ids = (filter: string) => runList(db, { table: "t", resolver, query: { filter, sort: "id" }, mapRow: (r) => r.id }).items;

describe("builder hooks", () => {
  it("a literal operand compares like a literal: directly, or folded with NULL when empty", () => {
    expect(sql("a = qText")).toMatchObject({ sql: "`t`.`a` = ?", params: ["Hello"] });
    expect(ids("a = qText")).toEqual(["r1"]);
    expect(ids("a = qEmpty")).toEqual(["r2", "r3"]);
    expect(ids("a = qNull")).toEqual(["r2", "r3"]);
    expect(ids("a != qNull")).toEqual(["r1"]);
    expect(ids("qEmpty = qNull")).toEqual(["r1", "r2", "r3"]);
  });

  it("a literal operand on the right of ~ becomes a LIKE pattern; a NULL one matches nothing", () => {
    expect(sql("a ~ qText")).toMatchObject({ sql: "`t`.`a` LIKE ? ESCAPE '\\'", params: ["%Hello%"] });
    expect(ids("a ~ qNull")).toEqual([]);
    expect(ids("qText ~ a")).toEqual(["r1", "r2"]);
  });

  it("a known non-empty value is compared with '' as it is (a NULL does not match '')", () => {
    expect(sql("each = ''")).toMatchObject({ sql: "`je`.`value` = ?", params: [""] });
    expect(ids("each = ''")).toEqual(["r3"]);
    expect(ids("each = null")).toEqual(["r3"]);
    expect(ids("each != ''")).toEqual(["r1", "r2", "r3"]);
  });

  it("a guard is AND-ed with the whole comparison", () => {
    expect(sql("guarded != 'zz'")).toMatchObject({ sql: "(`t`.`email` IS NOT ? AND `t`.`visible` = ?)", params: ["zz", 1n] });
    expect(ids("guarded != 'zz'")).toEqual(["r1", "r3"]);
    expect(ids("guarded = ''")).toEqual(["r3"]);
    expect(ids("guarded = '' || a = 'Hello'")).toEqual(["r1", "r3"]);
  });

  it("runList's where brings its joins, deduplicated with the filter's", () => {
    const where = { sql: "`je`.`value` = ?", params: ["x"], joins: ["LEFT JOIN json_each(`t`.`j`) AS `je`"] };
    const built = buildListSql({ table: "t", resolver, where, query: { filter: "each != 'y'" } });
    expect(built.select.sql.match(/LEFT JOIN/g)).toHaveLength(1);
    expect(runList(db, { table: "t", resolver, where, query: {}, mapRow: (r) => r.id }).items).toEqual(["r1"]);
  });
});
