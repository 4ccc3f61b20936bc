import { describe, expect, it } from "vitest";
import { exportAuthRecord, goJson, parseGoFloat, staticRequestMap, toUniqueStrings } from "./requestInfo.js";
import { makeCollection } from "../../test/support/rules.js";

describe("request info", () => {
  it("normalizes headers and query values, with defaults for method and context", () => {
    const m = staticRequestMap({ headers: { "X-Forwarded-For": ["1.2.3.4", "5.6.7.8"], Accept: "*/*" }, query: { a: ["1", "2"], b: "x" } });
    expect(m.headers).toEqual({ x_forwarded_for: "1.2.3.4", accept: "*/*" });
    expect(m.query).toEqual({ a: "1", b: "x" });
    expect(m.method).toBe("GET");
    expect(m.context).toBe("default");
    expect(m.auth).toBeNull();
    expect(m.data).toEqual({});
  });

  it("exports an auth record the way rules see it", () => {
    const users = makeCollection(
      "_pb_users_auth_",
      "users",
      [["name", "text"], ["n", "number"], ["b", "bool"], ["j", "json", { maxSize: 10 }], ["sel", "select", { maxSelect: 2, values: ["a", "b"] }], ["one", "select", { maxSelect: 1, values: ["a"] }]],
      { type: "auth" },
    );
    const row = {
      id: "u1", created: "c", updated: "u", username: "ann", email: "a@x.io", emailVisibility: 0, verified: 1, tokenKey: "secret", passwordHash: "hash",
      lastResetSentAt: "", name: "Ann", n: 3, b: 1, j: '{"a":1}', sel: '["a","b"]', one: "a",
    };
    expect(exportAuthRecord({ collection: users, record: row })).toEqual({
      id: "u1", created: "c", updated: "u", collectionId: "_pb_users_auth_", collectionName: "users",
      username: "ann", email: "a@x.io", emailVisibility: false, verified: true, name: "Ann", n: 3, b: true, j: '{"a":1}', sel: ["a", "b"], one: "a",
    });
    const empty = exportAuthRecord({ collection: users, record: { id: "u2", j: null, sel: "[]" } });
    expect(empty.j).toBe("");
    expect(empty.sel).toEqual([]);
  });

  it("encodes values like Go's JSON encoder (sorted keys, escaped <>&)", () => {
    expect(goJson({ b: 1, a: [{ d: "<&>", c: null }] })).toBe('{"a":[{"c":null,"d":"\\u003c\\u0026\\u003e"}],"b":1}');
    expect(goJson(["x"])).toBe('["x"]');
  });

  it("reads numeric text the way strconv.ParseFloat does", () => {
    expect(parseGoFloat("5")).toBe(5);
    expect(parseGoFloat("-1.5e1")).toBe(-15);
    expect(parseGoFloat(".5")).toBe(0.5);
    expect(parseGoFloat("5.")).toBe(5);
    expect(parseGoFloat("Inf")).toBe(Infinity);
    expect(parseGoFloat("0x1p-2")).toBe(0.25);
    for (const bad of ["", " 5", "5 ", "abc", "1,5", "0x", "--1"]) expect(parseGoFloat(bad), bad).toBeUndefined();
  });

  it("reads submitted multi-values as distinct non-empty strings", () => {
    expect(toUniqueStrings(["a", "b", "a", ""])).toEqual(["a", "b"]);
    expect(toUniqueStrings('["a","b"]')).toEqual(["a", "b"]);
    expect(toUniqueStrings("a")).toEqual(["a"]);
    expect(toUniqueStrings("[x")).toEqual(["[x"]);
    expect(toUniqueStrings("")).toEqual([]);
    expect(toUniqueStrings(null)).toEqual([]);
    expect(toUniqueStrings([1, true, null])).toEqual(["1", "true"]);
  });
});
