import path from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanupTempDirs, tempDir } from "../../test/support/dataDirs.js";
import type { CollectionModel } from "../models/collection.js";
import { collectionsRepo as repo } from "./collections.js";
import { sqlLower } from "./collectionsCache.js";
import { migrateDataDb } from "./migrate.js";
import { SqliteDb } from "./sqlite/database.js";
import { defaultSettings } from "../settings/defaults.js";

afterAll(cleanupTempDirs);

const base = (id: string, name: string): CollectionModel => ({
  id, name, type: "base", system: false, schema: [], indexes: [],
  listRule: null, viewRule: null, createRule: null, updateRule: null, deleteRule: null, options: {},
  created: "2026-01-01 00:00:00.000Z", updated: "2026-01-01 00:00:00.000Z",
});

describe("the per-database collections cache", () => {
  let file: string;
  let db: SqliteDb;
  beforeEach(() => {
    file = path.join(tempDir("cairn-colcache-"), "data.db");
    db = new SqliteDb(file);
    migrateDataDb(db.connection, defaultSettings);
  });
  afterEach(() => db.close());

  it("sees inserts, updates and deletes made through the repository", async () => {
    expect(await repo.findByNameOrId(db, "posts")).toBeUndefined();
    await db.transaction((tx) => repo.insert(tx, base("posts000000001", "posts")));
    expect((await repo.findByNameOrId(db, "POSTS"))?.id).toBe("posts000000001");
    await db.transaction((tx) => repo.update(tx, { ...base("posts000000001", "articles"), listRule: "" }));
    expect(await repo.findByNameOrId(db, "posts")).toBeUndefined();
    expect((await repo.findByName(db, "articles"))?.listRule).toBe("");
    expect((await repo.all(db)).map((c) => c.name)).toEqual(["users", "articles"]);
    await db.transaction((tx) => repo.delete(tx, "posts000000001"));
    expect(await repo.findById(db, "posts000000001")).toBeUndefined();
    expect((await repo.all(db)).map((c) => c.name)).toEqual(["users"]);
  });

  it("sees changes committed by another connection (another process, or a worker thread's view of the main one)", async () => {
    expect(await repo.findByNameOrId(db, "notes")).toBeUndefined();
    const other = new SqliteDb(file);
    try {
      await other.transaction((tx) => repo.insert(tx, base("notes000000001", "notes")));
      expect((await repo.findByNameOrId(db, "notes"))?.id).toBe("notes000000001");
      await other.run("UPDATE _collections SET listRule = 'id != \"\"' WHERE id = 'notes000000001'");
      expect((await repo.findById(db, "notes000000001"))?.listRule).toBe('id != ""');
    } finally {
      await other.close();
    }
  });

  it("forgets a write that was rolled back, also when it was read inside the transaction", async () => {
    expect(await repo.all(db)).toHaveLength(1);
    await expect(
      db.transaction(async (tx) => {
        await repo.insert(tx, base("temp0000000001", "temp"));
        expect((await repo.findByNameOrId(tx, "temp"))?.id).toBe("temp0000000001");
        // Others see committed data only meanwhile.
        expect(await repo.findByNameOrId(db, "temp")).toBeUndefined();
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await repo.findByNameOrId(db, "temp")).toBeUndefined();
    expect(await repo.all(db)).toHaveLength(1);
  });

  it("hands out frozen models (shared by all requests): changing one throws instead of corrupting the cache", async () => {
    const users = (await repo.findByNameOrId(db, "users"))!;
    expect(() => {
      (users as { name: string }).name = "x";
    }).toThrow(TypeError);
    expect(() => {
      users.schema.push(users.schema[0]!);
    }).toThrow(TypeError);
    // all() is a fresh array each time (its items are the shared models).
    const list = await repo.all(db);
    list.pop();
    expect(await repo.all(db)).toHaveLength(1);
  });

  it("matches names ignoring case the way SQLite's LOWER does (ASCII only)", async () => {
    expect(sqlLower("PoStS_1")).toBe("posts_1");
    expect(sqlLower("\u212Aeys")).toBe("\u212Aeys"); // the Kelvin sign is not "k" for SQLite
    await db.transaction((tx) => repo.insert(tx, base("keys0000000001", "keys")));
    expect((await repo.findByNameOrId(db, "KEYS"))?.id).toBe("keys0000000001");
    expect(await repo.findByNameOrId(db, "\u212Aeys")).toBeUndefined();
  });
});
