import { describe, expect, it } from "vitest";
import { bindNamed } from "./boundQuery.js";

describe("bindNamed", () => {
  it.each([
    ["SELECT * FROM t WHERE a = {:a}", { a: 1 }, "SELECT * FROM t WHERE a = ?", [1]],
    ["UPDATE t SET x = {:x}, y = {:x} WHERE id = {:id}", { x: "v", id: "i" }, "UPDATE t SET x = ?, y = ? WHERE id = ?", ["v", "v", "i"]],
    ["SELECT '{:a}', \"{:a}\", `{:a}` , {:a}", { a: true }, "SELECT '{:a}', \"{:a}\", `{:a}` , ?", [1]],
    ["INSERT INTO t (j, n, f) VALUES ({:j}, {:n}, {:f})", { j: { k: [1] }, n: null, f: false }, "INSERT INTO t (j, n, f) VALUES (?, ?, ?)", ['{"k":[1]}', null, 0]],
    ["SELECT { :a }, {a}", {}, "SELECT { :a }, {a}", []],
  ])("%s", (sql, params, out, values) => {
    expect(bindNamed(sql, params)).toEqual({ sql: out, params: values });
  });

  it("refuses a placeholder without a value", () => {
    expect(() => bindNamed("SELECT {:missing}", {})).toThrow('Named parameter "missing" is not bound.');
  });
});
