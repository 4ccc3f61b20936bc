import { describe, expect, it } from "vitest";
import { COLUMN, createTableSql, singleQuoteLiteral } from "./schemaEditor.js";

describe("SQLite schema editor", () => {
  it("gives the reference's column definitions and sorts table columns by name", () => {
    expect(COLUMN).toEqual({
      text: "TEXT DEFAULT '' NOT NULL",
      number: "NUMERIC DEFAULT 0 NOT NULL",
      bool: "BOOLEAN DEFAULT FALSE NOT NULL",
      json: "JSON DEFAULT NULL",
      multiple: "JSON DEFAULT '[]' NOT NULL",
    });
    expect(createTableSql("t", { b: "TEXT", a: "NUMERIC", B: "JSON" })).toBe("CREATE TABLE `t` (`B` JSON, `a` NUMERIC, `b` TEXT)");
  });

  it("rewrites a double-quoted literal only outside strings", () => {
    expect(singleQuoteLiteral(`select id from t where a = "x" and b = '"x"' and "c" = "x"`, "x")).toBe(`select id from t where a = 'x' and b = '"x"' and "c" = 'x'`);
  });
});
