import path from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanupTempDirs, tempDir } from "../../test/support/dataDirs.js";
import type { CollectionModel } from "../models/collection.js";
import { CollectionsRepo } from "./collections.js";
import { sqlLower } from "./collectionsCache.js";
import { openDatabase, transaction, type DB } from "./connection.js";
import { migrateDataDb } from "./migrate.js";
import { defaultSettings } from "../settings/defaults.js";

afterAll(cleanupTempDirs);

const base = (id: string, name: string): CollectionModel => ({
  id, name, type: "base", system: false, schema: [], indexes: [],
  listRule: null, viewRule: null, createRule: null, updateRule: null, deleteRule: null, options: {},
  created: "2026-01-01 00:00:00.000Z", updated: "2026-01-01 00:00:00.000Z",
});

describe("the per-connection collections cache", () => {
  let file: string;
  let db: DB;
  let repo: CollectionsRepo;
  beforeEach(() => {
    file = path.join(tempDir("cairn-colcache-"), "data.db");
    db = openDatabase(file);
    migrateDataDb(db, defaultSettings);
    repo = new CollectionsRepo(db);
  });
  afterEach(() => db.close());

  it("sees inserts, updates and deletes made through the repository", () => {
    expect(repo.findByNameOrId("posts")).toBeUndefined();
    repo.insert(base("posts000000001", "posts"));
    expect(repo.findByNameOrId("POSTS")?.id).toBe("posts000000001");
    repo.update({ ...base("posts000000001", "articles"), listRule: "" });
    expect(repo.findByNameOrId("posts")).toBeUndefined();
    expect(repo.findByName("articles")?.listRule).toBe("");
    expect(repo.all().map((c) => c.name)).toEqual(["users", "articles"]);
    repo.delete("posts000000001");
    expect(repo.findById("posts000000001")).toBeUndefined();
    expect(repo.all().map((c) => c.name)).toEqual(["users"]);
  });

  it("sees changes committed by another connection (another process, or a worker thread's view of the main one)", () => {
    expect(repo.findByNameOrId("notes")).toBeUndefined();
    const other = openDatabase(file);
    try {
      new CollectionsRepo(other).insert(base("notes000000001", "notes"));
      expect(repo.findByNameOrId("notes")?.id).toBe("notes000000001");
      other.prepare("UPDATE _collections SET listRule = 'id != \"\"' WHERE id = 'notes000000001'").run();
      expect(repo.findById("notes000000001")?.listRule).toBe('id != ""');
    } finally {
      other.close();
    }
  });

  it("forgets a write that was rolled back, also when it was read inside the transaction", () => {
    expect(repo.all()).toHaveLength(1);
    expect(() =>
      transaction(db, () => {
        repo.insert(base("temp0000000001", "temp"));
        expect(repo.findByNameOrId("temp")?.id).toBe("temp0000000001");
        throw new Error("roll back");
      }),
    ).toThrow("roll back");
    expect(repo.findByNameOrId("temp")).toBeUndefined();
    expect(repo.all()).toHaveLength(1);
  });

  it("hands out frozen models (shared by all requests): changing one throws instead of corrupting the cache", () => {
    const users = repo.findByNameOrId("users")!;
    expect(() => {
      (users as { name: string }).name = "x";
    }).toThrow(TypeError);
    expect(() => {
      users.schema.push(users.schema[0]!);
    }).toThrow(TypeError);
    // all() is a fresh array each time (its items are the shared models).
    const list = repo.all();
    list.pop();
    expect(repo.all()).toHaveLength(1);
  });

  it("matches names ignoring case the way SQLite's LOWER does (ASCII only)", () => {
    expect(sqlLower("PoStS_1")).toBe("posts_1");
    expect(sqlLower("\u212Aeys")).toBe("\u212Aeys"); // the Kelvin sign is not "k" for SQLite
    repo.insert(base("keys0000000001", "keys"));
    expect(repo.findByNameOrId("KEYS")?.id).toBe("keys0000000001");
    expect(repo.findByNameOrId("\u212Aeys")).toBeUndefined();
  });
});
