import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SqliteDb } from "./database.js";
import type { Tx } from "../types.js";

let dir: string;
let db: SqliteDb;

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "cairn-sqlitedb-"));
  db = new SqliteDb(path.join(dir, "t.db"));
  await db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)");
});

afterEach(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

const count = async () => (await db.get<{ n: number }>("SELECT COUNT(*) AS n FROM t"))!.n;
const tick = () => new Promise((r) => setTimeout(r, 5));

describe("SqliteDb", () => {
  it("commits a transaction that resolves and rolls back one that throws", async () => {
    await db.transaction(async (tx) => {
      await tx.run("INSERT INTO t (v) VALUES (?)", ["a"]);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.run("INSERT INTO t (v) VALUES (?)", ["b"]);
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await db.all("SELECT v FROM t")).toEqual([{ v: "a" }]);
  });

  it("reads during an open transaction see committed data only, without waiting for it", async () => {
    await db.run("INSERT INTO t (v) VALUES ('committed')");
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const writing = db.transaction(async (tx) => {
      await tx.run("INSERT INTO t (v) VALUES ('pending')");
      expect(await tx.all("SELECT v FROM t ORDER BY id")).toHaveLength(2); // its own writes
      await held;
    });
    await tick();
    expect(await db.all("SELECT v FROM t")).toEqual([{ v: "committed" }]);
    expect(await db.read((r) => r.all("SELECT v FROM t"))).toEqual([{ v: "committed" }]);
    release();
    await writing;
    expect(await count()).toBe(2);
  });

  it("queues writers in arrival order: a second transaction starts after the first ends", async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const first = db.transaction(async (tx) => {
      order.push("first start");
      await tx.run("INSERT INTO t (v) VALUES ('1')");
      await held;
      order.push("first end");
    });
    const second = db.transaction(async (tx) => {
      order.push("second start");
      await tx.run("INSERT INTO t (v) VALUES ('2')");
    });
    await tick();
    expect(order).toEqual(["first start"]);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(["first start", "first end", "second start"]);
    expect(await count()).toBe(2);
  });

  it("runs after-commit hooks once committed, never after a rollback", async () => {
    const ran: string[] = [];
    await db.transaction(async (tx) => {
      tx.afterCommit(() => ran.push("kept"));
      expect(ran).toEqual([]);
    });
    await db
      .transaction(async (tx) => {
        tx.afterCommit(() => ran.push("dropped"));
        throw new Error("no");
      })
      .catch(() => {});
    expect(ran).toEqual(["kept"]);
  });

  it("undoes only a failed savepoint's changes, and drops its hooks", async () => {
    const ran: string[] = [];
    await db.transaction(async (tx) => {
      await tx.run("INSERT INTO t (v) VALUES ('outer')");
      await tx
        .savepoint(async (sp) => {
          sp.afterCommit(() => ran.push("inner"));
          await sp.run("INSERT INTO t (v) VALUES ('inner')");
          throw new Error("undo inner");
        })
        .catch(() => {});
      tx.afterCommit(() => ran.push("outer"));
    });
    expect(await db.all("SELECT v FROM t")).toEqual([{ v: "outer" }]);
    expect(ran).toEqual(["outer"]);
  });

  it("refuses a Tx used after its transaction ended, and a read that writes", async () => {
    let leaked!: Tx;
    await db.transaction(async (tx) => {
      leaked = tx;
    });
    await expect(leaked.run("INSERT INTO t (v) VALUES ('late')")).rejects.toThrow(/ended/);
    await expect(db.read((r) => r.run("INSERT INTO t (v) VALUES ('x')"))).rejects.toThrow(/cannot write/);
    expect(await count()).toBe(0);
  });

  it("fails fast (under tests) on db.transaction() nested in one of the same database", async () => {
    await expect(db.transaction(async () => db.transaction(async () => 1))).rejects.toThrow(/pass its Tx/);
    // The writer is free again afterwards.
    await db.run("INSERT INTO t (v) VALUES ('after')");
    expect(await count()).toBe(1);
  });

  it("reports another connection's commits through changeVersion", async () => {
    const v1 = await db.changeVersion();
    await db.run("INSERT INTO t (v) VALUES ('own')");
    expect(await db.changeVersion()).toBe(v1);
    const other = new SqliteDb(path.join(dir, "t.db"));
    await other.run("INSERT INTO t (v) VALUES ('other')");
    await other.close();
    expect(await db.changeVersion()).not.toBe(v1);
  });
});
