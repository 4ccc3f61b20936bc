import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { freshDatabase } from "../../test/support/postgres.js";
import { changeVersionDdl } from "./postgres/changeVersion.js";
import { createPgPool, PgDb } from "./postgres/database.js";
import { SqliteDb } from "./sqlite/database.js";
import type { Db, Tx } from "./types.js";

/** One engine under test: opens a Db over a new database, and more Dbs over the same one (other nodes). */
interface Engine {
  name: string;
  /** The table every check uses: an auto-numbered id, a value, a unique column. */
  tableDdl: string;
  open(): Promise<{ db: Db; other: () => Db; cleanup: () => void }>;
}

const ENGINES: Engine[] = [
  {
    name: "sqlite",
    tableDdl: "CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT, u TEXT UNIQUE); CREATE TABLE _params (id TEXT PRIMARY KEY, value TEXT)",
    async open() {
      const dir = mkdtempSync(path.join(tmpdir(), "cairn-dbcontract-"));
      const file = path.join(dir, "t.db");
      return { db: new SqliteDb(file), other: () => new SqliteDb(file), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: "postgres",
    tableDdl:
      "CREATE TABLE t (id SERIAL PRIMARY KEY, v TEXT, u TEXT UNIQUE); CREATE TABLE _params (id TEXT PRIMARY KEY, value TEXT); " +
      "CREATE TABLE _collections (id TEXT PRIMARY KEY); CREATE TABLE _admins (id TEXT PRIMARY KEY); " +
      changeVersionDdl(),
    async open() {
      const url = await freshDatabase();
      return { db: new PgDb(createPgPool(url, { size: 4 })), other: () => new PgDb(createPgPool(url, { size: 2 })), cleanup: () => {} };
    },
  },
];

const tick = (ms = 20) => new Promise((r) => setTimeout(r, ms));

describe.each(ENGINES)("Db contract on $name", (engine) => {
  let db: Db;
  let other: () => Db;
  let cleanup: () => void;
  const opened: Db[] = [];

  beforeEach(async () => {
    ({ db, other, cleanup } = await engine.open());
    opened.push(db);
    await db.exec(engine.tableDdl);
  });

  afterEach(async () => {
    for (const d of opened.splice(0)) await d.close();
    cleanup();
  });

  const count = async () => (await db.get<{ n: number }>("SELECT COUNT(*) AS n FROM t"))!.n;
  const another = () => {
    const d = other();
    opened.push(d);
    return d;
  };

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

  it("answers counts as numbers and binds `?` only outside literals", async () => {
    await db.run("INSERT INTO t (v) VALUES (?), (?)", ["x?", "y"]);
    const n = await count();
    expect(n).toBe(2);
    expect(typeof n).toBe("number");
    expect(await db.get("SELECT '?' AS lit, v AS \"v?\" FROM t WHERE v = ? AND id > ?", ["x?", 0])).toEqual({ lit: "?", "v?": "x?" });
  });

  it("reports the rows a write changed", async () => {
    await db.run("INSERT INTO t (v) VALUES ('a'), ('a'), ('b')");
    expect(await db.run("UPDATE t SET v = ? WHERE v = ?", ["c", "a"])).toEqual({ changes: 2 });
    expect(await db.run("UPDATE t SET v = 'z' WHERE v = 'none'")).toEqual({ changes: 0 });
    const deleted = await db.transaction((tx) => tx.run("DELETE FROM t"));
    expect(deleted.changes).toBe(3);
  });

  it("runs after-commit hooks once committed, never before nor after a rollback", async () => {
    const ran: string[] = [];
    await db.transaction(async (tx) => {
      tx.afterCommit(() => ran.push("kept"));
      await tx.run("INSERT INTO t (v) VALUES ('a')");
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(["kept"]);
    await db
      .transaction(async (tx) => {
        tx.afterCommit(() => ran.push("dropped"));
        throw new Error("no");
      })
      .catch(() => {});
    expect(ran).toEqual(["kept"]);
    // A read has nothing to wait for: its hook runs at once.
    await db.read(async (r) => r.afterCommit(() => ran.push("read")));
    expect(ran).toEqual(["kept", "read"]);
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
      // A refused statement inside a savepoint leaves the transaction usable.
      await tx.savepoint((sp) => sp.run("INSERT INTO t (nope) VALUES (1)")).catch(() => {});
      await tx.savepoint((sp) => sp.run("INSERT INTO t (v) VALUES ('kept inner')"));
      tx.afterCommit(() => ran.push("outer"));
    });
    expect(await db.all("SELECT v FROM t ORDER BY id")).toEqual([{ v: "outer" }, { v: "kept inner" }]);
    expect(ran).toEqual(["outer"]);
  });

  it("lets reads see committed data only while a write transaction is open, without waiting for it", async () => {
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
    // Another node reads without waiting too.
    expect(await another().all("SELECT v FROM t")).toEqual([{ v: "committed" }]);
    release();
    await writing;
    expect(await count()).toBe(2);
  });

  it("lets writers take turns: a second transaction starts after the first ends, on this node and another", async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const first = db.transaction(async (tx) => {
      order.push("first start");
      await tx.run("INSERT INTO t (v) VALUES ('1')");
      await held;
      order.push("first end");
    });
    await tick();
    const second = db.transaction(async (tx) => {
      order.push("second start");
      await tx.run("INSERT INTO t (v) VALUES ('2')");
    });
    // Another node's writer waits too (SQLite's other connections busy-wait, blocking this process: PostgreSQL only).
    const third =
      engine.name === "postgres"
        ? another().transaction(async (tx) => {
            // Runs after the first commits, so it sees its row.
            order.push(`third sees ${(await tx.all("SELECT v FROM t WHERE v = '1'")).length}`);
          })
        : null;
    await tick(50);
    expect(order).toEqual(["first start"]);
    release();
    await Promise.all([first, second, third]);
    expect(order.slice(0, 2)).toEqual(["first start", "first end"]);
    if (third) expect(order).toContain("third sees 1");
    expect(await count()).toBe(2);
  });

  it("refuses a Tx used after its transaction ended, and a read that writes", async () => {
    let leaked!: Tx;
    await db.transaction(async (tx) => {
      leaked = tx;
    });
    await expect(leaked.run("INSERT INTO t (v) VALUES ('late')")).rejects.toThrow(/ended/);
    expect(() => leaked.afterCommit(() => {})).toThrow(/ended/);
    await expect(db.read((r) => r.run("INSERT INTO t (v) VALUES ('x')"))).rejects.toThrow(/cannot write/);
    expect(await count()).toBe(0);
  });

  it("fails fast (under tests) on db.transaction() nested in one of the same database", async () => {
    await expect(db.transaction(async () => db.transaction(async () => 1))).rejects.toThrow(/pass its Tx/);
    await db.run("INSERT INTO t (v) VALUES ('after')");
    expect(await count()).toBe(1);
  });

  it("classifies refusals through its dialect", async () => {
    await db.run("INSERT INTO t (id, v, u) VALUES (100, 'a', 'same')");
    const refused = async (sql: string) => db.run(sql).then(() => null, (err: unknown) => err);
    const unique = await refused("INSERT INTO t (v, u) VALUES ('b', 'same')");
    expect(db.dialect.isSqlError(unique)).toBe(true);
    expect(db.dialect.uniqueViolationColumns(unique)).toEqual(["u"]);
    expect(db.dialect.errorText(unique)).toMatch(/^constraint failed: UNIQUE constraint failed: t\.u \(2067\)$/);
    // A primary key conflict is no unique-index conflict (SQLite tells them apart).
    const pk = await refused("INSERT INTO t (id, v) VALUES (100, 'c')");
    expect(db.dialect.isSqlError(pk)).toBe(true);
    expect(db.dialect.uniqueViolationColumns(pk)).toBeNull();
    const missing = await refused("UPDATE t SET nope = 1");
    expect(db.dialect.isSqlError(missing)).toBe(true);
    expect(db.dialect.uniqueViolationColumns(missing)).toBeNull();
    expect(db.dialect.errorText(missing)).toBe("SQL logic error: no such column: nope (1)");
    const table = await refused("DELETE FROM nowhere");
    expect(db.dialect.errorText(table)).toBe("SQL logic error: no such table: nowhere (1)");
    const syntax = await refused("SELEC 1");
    expect(db.dialect.errorText(syntax)).toBe('SQL logic error: near "SELEC": syntax error (1)');
    expect(db.dialect.isSqlError(new Error("plain"))).toBe(false);
    expect(db.dialect.errorText(new Error("plain"))).toBe("plain");
  });

  it("reports another node's commits through changeVersion", async () => {
    const v1 = await db.changeVersion();
    const node = another();
    await node.run("INSERT INTO _params (id, value) VALUES ('settings', '{}')");
    expect(await db.changeVersion()).not.toBe(v1);
    const v2 = await db.changeVersion();
    // Nothing committed (a rolled-back write) leaves it alone.
    await node.transaction(async (tx) => {
      await tx.run("UPDATE _params SET value = '[]'");
      throw new Error("undo");
    }).catch(() => {});
    expect(await db.changeVersion()).toBe(v2);
  });

  it("closes after the transaction in progress", async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const writing = db.transaction(async (tx) => {
      await held;
      await tx.run("INSERT INTO t (v) VALUES ('last')");
    });
    await tick();
    const closing = db.close();
    release();
    await writing;
    await closing;
    await expect(db.transaction(async () => 1)).rejects.toThrow(/closed/);
    const reopened = another();
    expect(await reopened.all("SELECT v FROM t")).toEqual([{ v: "last" }]);
  });
});

describe("PgDb only", () => {
  it("reads through a table changed under its prepared statements (another node's DDL)", async () => {
    const url = await freshDatabase();
    const db = new PgDb(createPgPool(url, { size: 1 }));
    const node = new PgDb(createPgPool(url, { size: 1 }));
    try {
      await db.exec("CREATE TABLE t (id TEXT PRIMARY KEY)");
      await db.run("INSERT INTO t (id) VALUES ('a')");
      expect(await db.all("SELECT * FROM t")).toEqual([{ id: "a" }]);
      await node.exec("ALTER TABLE t ADD COLUMN v TEXT DEFAULT 'x'");
      expect(await db.all("SELECT * FROM t")).toEqual([{ id: "a", v: "x" }]);
    } finally {
      await db.close();
      await node.close();
    }
  });

  it("answers bigint and numeric as numbers, JSON as its text, booleans as booleans", async () => {
    const db = new PgDb(createPgPool(await freshDatabase(), { size: 1 }));
    try {
      expect(await db.get(`SELECT 9007199254740991::bigint AS i, 1.5::numeric AS n, '{"a": [1]}'::jsonb AS j, true AS b`)).toEqual({
        i: 9007199254740991,
        n: 1.5,
        j: '{"a": [1]}',
        b: true,
      });
    } finally {
      await db.close();
    }
  });
});
