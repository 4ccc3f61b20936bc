import { sqliteDialect } from "../db/sqlite/dialect.js";
import { describe, expect, it } from "vitest";
import { QueryError } from "./errors.js";
import { compileFilter, formatNumber } from "./filterSql.js";
import { tableResolver } from "./tableResolver.js";
import type { FieldResolver } from "./types.js";

const base = tableResolver(sqliteDialect, "t", ["id", "email", "name", "data"], { jsonColumns: ["data"] });
/** Adds a multi-value field `tags`, and a field with a join and params. */
const resolver: FieldResolver = {
  dialect: sqliteDialect,
  resolve(id) {
    if (id === "tags") return { sql: "`t`.`tags`", multiple: true };
    if (id === "author.name") return { sql: "`a`.`name`", joins: ["LEFT JOIN `authors` `a` ON `a`.`id` = `t`.`author`"] };
    if (id === "@request.auth.id") return { sql: "?", params: ["u1"], noCoalesce: false };
    return base.resolve(id);
  },
};
const NOW = new Date("2024-02-29T13:14:15.678Z"); // a Thursday in a leap year
const sql = (f: string) => compileFilter(f, resolver, { now: NOW });

const E = "`t`.`email`";
const N = "`t`.`name`";
const J = (path: string) => ["(CASE WHEN json_valid(`t`.`data`) THEN json_extract(`t`.`data`, ?) END)", path] as const;

describe("compileFilter: SQL and params", () => {
  it.each<[string, string, unknown[]]>([
    // = and != with the reference's null / empty-string folding
    ["email = 'a'", `${E} = ?`, ["a"]],
    ["email = ''", `(${E} = ? OR ${E} IS NULL)`, [""]],
    ["email = null", `(${E} = ? OR ${E} IS NULL)`, [""]],
    ["'' = email", `(? = ${E} OR ${E} IS NULL)`, [""]],
    ["null = email", `(? = ${E} OR ${E} IS NULL)`, [""]],
    ["email != ''", `(${E} IS NOT ? AND ${E} IS NOT NULL)`, [""]],
    ["email != null", `(${E} IS NOT ? AND ${E} IS NOT NULL)`, [""]],
    ["email != 'a'", `${E} IS NOT ?`, ["a"]],
    ["'' = null", "? = ?", ["", ""]],
    ["null != ''", "? IS NOT ?", ["", ""]],
    ["email = name", `COALESCE(${E}, '') = COALESCE(${N}, '')`, []],
    ["email != name", `COALESCE(${E}, '') IS NOT COALESCE(${N}, '')`, []],
    ["email ?= name", `COALESCE(${E}, '') = COALESCE(${N}, '')`, []],
    ["email = 1.5", `${E} = ?`, [1.5]],
    ["email = -2", `${E} = ?`, [-2]],
    ["email = 007", `${E} = ?`, [7]],
    ["email = true", `${E} = ?`, [1n]],
    ["email != false", `${E} IS NOT ?`, [0n]],
    ["'a' = 'a'", "? = ?", ["a", "a"]],
    ["1 = 1", "? = ?", [1, 1]],
    // comparisons
    ["email > 'a'", `${E} > ?`, ["a"]],
    ["email >= ''", `${E} >= ?`, [""]],
    ["email < null", `${E} < ?`, [null]],
    ["email <= name", `${E} <= ${N}`, []],
    ["email ?> 'a'", `${E} > ?`, ["a"]],
    // LIKE
    ["email ~ 'a'", `${E} LIKE ? ESCAPE '\\'`, ["%a%"]],
    ["email !~ 'a'", `${E} NOT LIKE ? ESCAPE '\\'`, ["%a%"]],
    ["email ~ 'a%'", `${E} LIKE ? ESCAPE '\\'`, ["a%"]],
    ["email ~ 'a_b'", `${E} LIKE ? ESCAPE '\\'`, ["%a\\_b%"]],
    ["email ~ ''", `${E} LIKE ? ESCAPE '\\'`, ["%%"]],
    ["email ~ 5", `${E} LIKE ? ESCAPE '\\'`, ["%5%"]],
    ["email ~ -1.5", `${E} LIKE ? ESCAPE '\\'`, ["%-1.5%"]],
    ["email ~ null", `${E} LIKE ('%' || ? || '%') ESCAPE '\\'`, [null]],
    ["email ~ true", `${E} LIKE ('%' || ? || '%') ESCAPE '\\'`, [1n]],
    ["email ~ name", `${E} LIKE ('%' || ${N} || '%') ESCAPE '\\'`, []],
    ["'abc' ~ email", `? LIKE ('%' || ${E} || '%') ESCAPE '\\'`, ["abc"]],
    ["email ?!~ 'x'", `${E} NOT LIKE ? ESCAPE '\\'`, ["%x%"]],
    // JSON keys: IS / IS NOT, no folding
    ["data.a = 'v'", `${J("$.a")[0]} IS ?`, ["$.a", "v"]],
    ["data.a = ''", `${J("$.a")[0]} IS ?`, ["$.a", ""]],
    ["data.a = null", `${J("$.a")[0]} IS ?`, ["$.a", null]],
    ["data.a != ''", `${J("$.a")[0]} IS NOT ?`, ["$.a", ""]],
    ["data.a = email", `${J("$.a")[0]} IS ${E}`, ["$.a"]],
    ["data.a.b > 1", `${J("$.a.b")[0]} > ?`, ["$.a.b", 1]],
    ["data.0.x = 1", `${J("$[0].x")[0]} IS ?`, ["$[0].x", 1]],
    ["data.a:b = 1", `${J('$."a:b"')[0]} IS ?`, ['$."a:b"', 1]],
    ["data ~ 'x'", "`t`.`data` LIKE ? ESCAPE '\\'", ["%x%"]],
    // logic
    ["email = 'a' && name = 'b'", `(${E} = ? AND ${N} = ?)`, ["a", "b"]],
    ["email = 'a' || name = 'b' && id = 'c'", `(${E} = ? OR (${N} = ? AND \`t\`.\`id\` = ?))`, ["a", "b", "c"]],
    ["(email = 'a' || name = 'b') && id = 'c'", `((${E} = ? OR ${N} = ?) AND \`t\`.\`id\` = ?)`, ["a", "b", "c"]],
    // resolver params and joins
    ["email = @request.auth.id", `COALESCE(${E}, '') = COALESCE(?, '')`, ["u1"]],
    ["@request.auth.id = email", `COALESCE(?, '') = COALESCE(${E}, '')`, ["u1"]],
  ])("%j", (filter, expectedSql, expectedParams) => {
    const out = sql(filter);
    expect(out.sql).toBe(expectedSql);
    expect(out.params).toEqual(expectedParams);
  });

  it("binds every literal: no value text appears in the SQL", () => {
    const out = sql("email = \"x' OR 1=1 --\" || name ~ \"%; DROP TABLE t\" || data.k = 'q'");
    expect(out.sql).not.toMatch(/DROP|OR 1=1|'q'|'x'/);
    expect(out.sql.match(/\?/g)).toHaveLength(out.params.length);
  });

  it("evaluates macros at the given instant, as bound values", () => {
    const cases: [string, unknown][] = [
      ["@now", "2024-02-29 13:14:15.678Z"],
      ["@second", 15n],
      ["@minute", 14n],
      ["@hour", 13n],
      ["@weekday", 4n],
      ["@day", 29n],
      ["@month", 2n],
      ["@year", 2024n],
      ["@todayStart", "2024-02-29 00:00:00.000Z"],
      ["@todayEnd", "2024-02-29 23:59:59.999Z"],
      ["@monthStart", "2024-02-01 00:00:00.000Z"],
      ["@monthEnd", "2024-02-29 23:59:59.999Z"],
      ["@yearStart", "2024-01-01 00:00:00.000Z"],
      ["@yearEnd", "2024-12-31 23:59:59.999Z"],
    ];
    for (const [macro, value] of cases) {
      const out = sql(`email > ${macro}`);
      expect(out.sql).toBe(`${E} > ?`);
      expect(out.params).toEqual([value]);
    }
    expect(sql("email ~ @year").params).toEqual(["%2024%"]);
    expect(sql("email ~ @todayStart").params).toEqual(["%2024-02-29 00:00:00.000Z%"]);
  });

  it("collects joins once, in first-use order", () => {
    const out = sql("author.name = 'a' || author.name = 'b'");
    expect(out.joins).toEqual([{ sql: "LEFT JOIN `authors` `a` ON `a`.`id` = `t`.`author`", params: [] }]);
  });

  it("uses EXISTS subqueries for multi-value fields", () => {
    const any = sql("tags ?= 'a'");
    expect(any.sql).toMatch(/^EXISTS \(SELECT 1 FROM \(SELECT __je\.value AS v FROM \(SELECT 1\) LEFT JOIN json_each\(.*\) AS __je\) AS __mm1 WHERE __mm1\.v = \?\)$/);
    expect(any.params).toEqual(["a"]);
    const all = sql("tags != 'a'");
    expect(all.sql).toContain("AND NOT EXISTS");
    expect(all.sql).toMatch(/OR __mm\d+\.v IS NULL\)\)$/);
    expect(all.params).toEqual(["a", "a"]);
    const allEq = sql("tags = 'a'");
    expect(allEq.sql).not.toContain("IS NULL))");
    // the same field twice in one condition refers to the same value
    expect(sql("tags = tags").sql.match(/AS __mm\d+/g)).toHaveLength(2); // once per EXISTS
  });

  it("compares a joined multi-value field per row and checks every value with its values source", () => {
    const joined: FieldResolver = {
      dialect: sqliteDialect,
      resolve: (id) =>
        id === "sel"
          ? { sql: "`je`.`value`", joins: ["LEFT JOIN json_each(`t`.`sel`) `je`"], multiple: true, values: { sql: "SELECT value AS v FROM json_each(`t`.`sel`)", params: [] } }
          : null,
    };
    const any = compileFilter("sel ?= 'a'", joined);
    expect(any.sql).toBe("`je`.`value` = ?");
    expect(any.joins).toEqual([{ sql: "LEFT JOIN json_each(`t`.`sel`) `je`", params: [] }]);
    const every = compileFilter("sel > 'a'", joined);
    expect(every.sql).toBe("(`je`.`value` > ? AND NOT EXISTS (SELECT 1 FROM (SELECT value AS v FROM json_each(`t`.`sel`)) AS __mm1 WHERE NOT (__mm1.v > ?) OR __mm1.v IS NULL))");
    expect(every.params).toEqual(["a", "a"]);
  });

  it.each([
    "nope = 1",
    "1 = nope",
    "email:lower = 'a'",
    "@foo = 1",
    "@now2 = 1",
    "#email = 1",
    "data. = 1".replace(". ", ".x "), // fine, resolved below
  ].slice(0, 6))("unknown identifier %j is a 400", (f) => {
    expect(() => sql(f)).toThrow(QueryError);
  });

  it("rejects a JSON path with an empty key", () => {
    expect(() => sql("data..a = 1")).toThrow(QueryError);
  });

  it("wraps resolver exceptions in a 400", () => {
    const bad: FieldResolver = { dialect: sqliteDialect, resolve: () => { throw new TypeError("boom"); } };
    expect(() => compileFilter("a = 1", bad)).toThrow(QueryError);
  });

  it("groups very long chains so SQLite's expression depth stays small", () => {
    const out = sql(Array(2000).fill("email = 'a'").join(" || "));
    expect(out.params).toHaveLength(2000);
    let depth = 0;
    let max = 0;
    for (const ch of out.sql) {
      if (ch === "(") max = Math.max(max, ++depth);
      if (ch === ")") depth--;
    }
    expect(max).toBeLessThanOrEqual(3);
  });

  it.each<[number, string]>([
    [0, "0"], [-0, "-0"], [7, "7"], [-1.5, "-1.5"], [1e21, "1000000000000000000000"], [1e-7, "0.0000001"], [1.5e-7, "0.00000015"], [123456789012345680000, "123456789012345680000"], [1.2345678901234568e25, "12345678901234568000000000"], [-2.5e-3, "-0.0025"],
  ])("formatNumber(%s)", (n, s) => {
    expect(formatNumber(n)).toBe(s);
  });
});
