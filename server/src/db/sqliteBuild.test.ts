import { describe, expect, it } from "vitest";
import { openDatabase } from "./connection.js";

describe("the SQLite build", () => {
  // PocketBase data directories can hold views written with double-quoted string literals.
  it("accepts double-quoted string literals like PocketBase's SQLite (scripts/sqlite-compat.mjs)", () => {
    const db = openDatabase(":memory:");
    db.exec("CREATE TABLE t (id TEXT, status TEXT); INSERT INTO t VALUES ('a', 'x'), ('b', 'y')");
    db.exec('CREATE VIEW v AS SELECT id FROM t WHERE status = "x"');
    expect(db.prepare("SELECT id FROM v").all()).toEqual([{ id: "a" }]);
    db.close();
  });
});
