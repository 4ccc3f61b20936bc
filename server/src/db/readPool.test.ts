import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { cleanupTempDirs, tempDir } from "../../test/support/dataDirs.js";
import { cachedStatement, openDatabase, type DB } from "./connection.js";
import { ReadPool } from "./readPool.js";

afterAll(cleanupTempDirs);

const open: (DB | ReadPool)[] = [];
afterEach(async () => {
  for (const x of open.splice(0)) await x.close();
});

/** A WAL database file with a few rows of every storage class (blobs included). */
function fixture(): DB {
  const db = openDatabase(path.join(tempDir(), "data.db"));
  db.exec("CREATE TABLE t (id TEXT PRIMARY KEY, n INTEGER, r REAL, s TEXT, b BLOB, z)");
  const insert = db.prepare("INSERT INTO t VALUES (?, ?, ?, ?, ?, NULL)");
  for (let i = 0; i < 50; i++) insert.run(`r${String(i).padStart(3, "0")}`, i, i / 3, `text ${i} é`, Buffer.from([i, 255, 0]));
  open.push(db);
  return db;
}

/** A pool that sends every read to a worker (slowMs 0). */
function eager(size = 1, maxQueue?: number): ReadPool {
  const pool = new ReadPool({ size, slowMs: 0, maxQueue });
  open.push(pool);
  return pool;
}

const ALL = "SELECT * FROM t WHERE n >= ? ORDER BY id";

describe("the read pool", () => {
  it("answers what the main connection answers, blobs as Buffers", async () => {
    const db = fixture();
    const pool = eager();
    const viaWorker = await pool.all(db, ALL, [10]);
    expect(pool.counts).toEqual({ main: 0, workers: 1 });
    expect(viaWorker).toEqual(cachedStatement(db, ALL).all(10));
    expect(Buffer.isBuffer(viaWorker[0]!.b)).toBe(true);
    // get: the first row, or undefined; BigInt parameters cross the thread like numbers.
    const one = "SELECT id, n FROM t WHERE n = ? LIMIT 1";
    expect(await pool.get(db, one, [3n])).toEqual({ id: "r003", n: 3 });
    expect(await pool.get(db, one, [999])).toBeUndefined();
    expect(pool.counts.workers).toBe(3);
  });

  it("sends a statement to a worker only once its recent median time reaches slowMs", async () => {
    const db = fixture();
    // A recursive count to 3M: tens of milliseconds here, against microseconds for a lookup.
    const slow = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ?) SELECT COUNT(*) AS n FROM c";
    const fast = "SELECT n FROM t WHERE id = ?";
    const pool = new ReadPool({ size: 1, slowMs: 5 }); // far above a lookup even on a loaded machine (0.5 failed under load: a first lookup took longer)
    open.push(pool);
    for (let i = 0; i < 5; i++) expect(await pool.get(db, fast, ["r001"])).toEqual({ n: 1 });
    expect(pool.counts).toEqual({ main: 5, workers: 0 });
    expect(await pool.get(db, slow, [3_000_000])).toEqual({ n: 3_000_000 }); // first sight: timed on the main connection
    for (let i = 0; i < 3; i++) expect(await pool.get(db, slow, [3_000_000])).toEqual({ n: 3_000_000 });
    expect(pool.counts).toEqual({ main: 6, workers: 3 });
    // Turned fast (its recent runs now take microseconds): back on the main connection.
    for (let i = 0; i < 6; i++) await pool.get(db, slow, [1]);
    const before = pool.counts.main;
    await pool.get(db, slow, [1]);
    expect(pool.counts.main).toBe(before + 1);
  });

  it("rejects with the errors the main connection throws (SqliteError with its code, RangeError)", async () => {
    const db = fixture();
    const pool = eager();
    const json = "SELECT json_extract(?, '$.a') AS a";
    type Failure = { message: string; code: string };
    const onMain = (() => {
      try {
        cachedStatement(db, json).get("{oops");
      } catch (e) {
        return e as Failure;
      }
    })()!;
    const onWorker = (await pool.get(db, json, ["{oops"]).catch((e: unknown) => e)) as Failure;
    expect(pool.counts.workers).toBe(1);
    expect(onWorker).toBeInstanceOf(Database.SqliteError);
    expect([onWorker.message, onWorker.code]).toEqual([onMain.message, onMain.code]);

    const tooFew = (await pool.all(db, ALL, []).catch((e: unknown) => e)) as Error;
    expect(pool.counts.workers).toBe(2);
    expect(tooFew).toBeInstanceOf(RangeError);
    expect(() => cachedStatement(db, ALL).all()).toThrow(tooFew.message);
  });

  it("sees a write committed just before, and reads inside a transaction stay on its connection", async () => {
    const db = fixture();
    const pool = eager();
    const count = "SELECT COUNT(*) AS c FROM t";
    for (let i = 0; i < 20; i++) {
      db.prepare("INSERT INTO t (id, n) VALUES (?, ?)").run(`new${i}`, 1000 + i);
      expect(await pool.get(db, count, [])).toEqual({ c: 51 + i });
    }
    expect(pool.counts.workers).toBe(20);
    db.exec("BEGIN");
    db.prepare("INSERT INTO t (id) VALUES ('uncommitted')").run();
    expect(await pool.get(db, count, [])).toEqual({ c: 71 });
    db.exec("ROLLBACK");
    expect(pool.counts).toEqual({ main: 1, workers: 20 });
    expect(await pool.get(db, count, [])).toEqual({ c: 70 });
  });

  it("queues at most maxQueue reads; past that they run on the main connection", async () => {
    const db = fixture();
    const pool = eager(1, 1);
    const answers = await Promise.all(Array.from({ length: 6 }, () => pool.all(db, ALL, [0])));
    // One running on the worker, one waiting, four on the main connection.
    expect(pool.counts).toEqual({ main: 4, workers: 2 });
    for (const a of answers) expect(a).toHaveLength(50);
  });

  it("on close lets reads in progress finish, then stops its workers; later reads use the main connection", async () => {
    const db = fixture();
    const pool = eager(2);
    const inProgress = [pool.all(db, ALL, [0]), pool.all(db, ALL, [5])];
    const closing = pool.close();
    expect(await Promise.all(inProgress)).toEqual([cachedStatement(db, ALL).all(0), cachedStatement(db, ALL).all(5)]);
    await closing;
    expect(await pool.all(db, ALL, [0])).toHaveLength(50);
    expect(pool.counts).toEqual({ main: 1, workers: 2 });
  });

  it("starts its workers with warm, and the first read to a worker starts no more", async () => {
    const db = fixture();
    const pool = eager(2);
    expect(pool.started).toBe(0);
    pool.warm();
    expect(pool.started).toBe(2);
    expect(await pool.all(db, ALL, [49])).toHaveLength(1);
    expect(pool.counts.workers).toBe(1);
    expect(pool.started).toBe(2);
  });

  it("with 0 workers runs everything on the main connection", async () => {
    const db = fixture();
    const pool = new ReadPool({ size: 0, slowMs: 0 });
    for (let i = 0; i < 3; i++) expect(await pool.all(db, ALL, [49])).toHaveLength(1);
    expect(pool.counts).toEqual({ main: 3, workers: 0 });
    await pool.close();
  });
});
