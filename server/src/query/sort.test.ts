import { sqliteDialect } from "../db/sqlite/dialect.js";
import { describe, expect, it } from "vitest";
import { QueryError } from "./errors.js";
import { compileSort, parseSort } from "./sort.js";
import { tableResolver } from "./tableResolver.js";

const r = tableResolver(sqliteDialect, "t", ["id", "email", "created"], { jsonColumns: ["data"], rowid: true });

describe("parseSort / compileSort", () => {
  it.each<[string | undefined, string, unknown[]]>([
    [undefined, "", []],
    ["", "", []],
    ["email", "`t`.`email` ASC", []],
    ["+email", "`t`.`email` ASC", []],
    ["-created,id", "`t`.`created` DESC, `t`.`id` ASC", []],
    [" email , -id ", "`t`.`email` ASC, `t`.`id` DESC", []],
    ["@random", "RANDOM()", []],
    ["-@random,id", "RANDOM(), `t`.`id` ASC", []],
    ["@rowid", "`t`._rowid_ ASC", []],
    ["-@rowid", "`t`._rowid_ DESC", []],
    ["-data.a.b", "(CASE WHEN json_valid(`t`.`data`) THEN json_extract(`t`.`data`, ?) END) DESC", ["$.a.b"]],
  ])("%j", (sort, sql, params) => {
    const out = compileSort(sort, r);
    expect(out.sql).toBe(sql);
    expect(out.params).toEqual(params);
  });

  it.each([" ", ",", "email,", "email,,id", "-", "+", "--email", "+-email", "email desc", "1", "foo", "email:lower", "`email`", "email; drop", "@now", "data"])(
    "rejects %j",
    (sort) => {
      expect(() => compileSort(sort, r)).toThrow(QueryError);
    },
  );

  it("rejects @rowid unless the resolver allows it", () => {
    expect(() => compileSort("@rowid", tableResolver(sqliteDialect, "t", ["id"]))).toThrow(QueryError);
  });

  it("parses directions", () => {
    expect(parseSort("-a,+b,c")).toEqual([
      { name: "a", direction: "DESC" },
      { name: "b", direction: "ASC" },
      { name: "c", direction: "ASC" },
    ]);
  });
});
