import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, cleanupTempDirs, referenceDataDir } from "../../test/support/dataDirs.js";
import { appliedJsFiles, collectionsOf, pbMigrate, project, withCairn, withReference } from "../../test/support/migrations.js";
import { CLI, serveUntilListening, TSX } from "../../test/support/cliServe.js";

afterAll(cleanupTempDirs);

function cairn(args: string[]): { out: string; code: number | null } {
  const res = spawnSync(TSX, [CLI, ...args], { encoding: "utf8", timeout: 60_000 });
  return { out: res.stdout + res.stderr, code: res.status };
}

const POSTS = `/// <reference path="../pb_data/types.d.ts" />
migrate((db) => {
  const collection = new Collection({
    "id": "p0stsc011ect10n",
    "name": "posts",
    "type": "base",
    "system": false,
    "schema": [
      { "system": false, "id": "t1tlef1d", "name": "title", "type": "text", "required": true, "presentable": false, "unique": false, "options": { "min": null, "max": null, "pattern": "" } }
    ],
    "indexes": ["CREATE INDEX \`idx_title\` ON \`posts\` (\`title\`)"],
    "listRule": "", "viewRule": "", "createRule": null, "updateRule": null, "deleteRule": null,
    "options": {}
  });
  return Dao(db).saveCollection(collection);
}, (db) => {
  const dao = new Dao(db);
  return dao.deleteCollection(dao.findCollectionByNameOrId("p0stsc011ect10n"));
})
`;

const BAD = `migrate((db) => { throw new Error("nope"); })\n`;

describe("cairn serve with pb_migrations", () => {
  it("applies the pending files of pb_migrations next to the data directory before listening, once", async () => {
    const { dataDir, migrationsDir } = project();
    writeFileSync(path.join(migrationsDir, "1700000000_created_posts.js"), POSTS);
    const first = await serveUntilListening(["--dir", dataDir]);
    first.stop();
    expect(first.out).toContain("Applied 1700000000_created_posts.js");
    expect(first.out.indexOf("Applied")).toBeLessThan(first.out.indexOf("Server started"));
    await new Promise((r) => setTimeout(r, 1500));
    const second = await serveUntilListening(["--dir", dataDir]);
    second.stop();
    expect(second.out).not.toContain("Applied");
    await new Promise((r) => setTimeout(r, 1500));
    expect(await appliedJsFiles(dataDir)).toEqual(["1700000000_created_posts.js"]);
  }, 120_000);

  it("does not start when a file fails, and says which", () => {
    const { dataDir, migrationsDir } = project();
    writeFileSync(path.join(migrationsDir, "1_posts.js"), POSTS);
    writeFileSync(path.join(migrationsDir, "2_bad.js"), BAD);
    const res = cairn(["serve", "--dir", dataDir, "--http", "127.0.0.1:1"]);
    expect(res.code).toBe(1);
    expect(res.out).toContain("Error: Failed to apply migration 2_bad.js: nope (2_bad.js:1:");
    expect(res.out).not.toContain("Server started");
  }, 120_000);
});

describe("cairn migrate", () => {
  it("up, down, create, collections and history-sync; the collections snapshot replays on the reference", async () => {
    const { dataDir, migrationsDir } = project();
    writeFileSync(path.join(migrationsDir, "1700000000_created_posts.js"), POSTS);
    expect(cairn(["admin", "create", ADMIN_EMAIL, ADMIN_PASSWORD, "--dir", dataDir]).code).toBe(0);
    expect(cairn(["migrate", "up", "--dir", dataDir])).toEqual({ out: "Applied 1700000000_created_posts.js\n", code: 0 });
    expect(cairn(["migrate", "up", "--dir", dataDir])).toEqual({ out: "No new migrations to apply.\n", code: 0 });

    // A snapshot of the collections, written by Cairn, gives the reference the same collections.
    const snap = cairn(["migrate", "collections", "--dir", dataDir, "--migrationsDir", path.join(migrationsDir, "snap")]);
    expect(snap.code, snap.out).toBe(0);
    const [snapFile] = readdirSync(path.join(migrationsDir, "snap"));
    expect(snapFile).toMatch(/^\d{10}_collections_snapshot\.js$/);
    expect(snap.out).toBe(`Successfully created file "${path.join(migrationsDir, "snap", snapFile!)}"\n`);
    const ref = referenceDataDir();
    const refUp = pbMigrate(["up"], ref, path.join(migrationsDir, "snap"));
    expect(refUp.out).toContain(`Applied ${snapFile}`);
    const expected = await withCairn(dataDir, collectionsOf);
    expect(await withReference(ref, path.join(migrationsDir, "snap"), collectionsOf)).toEqual(expected);
    // ... and so does Cairn on a fresh data directory (importCollections with deleteMissing).
    const fresh = referenceDataDir();
    expect(cairn(["migrate", "up", "--dir", fresh, "--migrationsDir", path.join(migrationsDir, "snap")]).out).toBe(`Applied ${snapFile}\n`);
    expect(await withCairn(fresh, collectionsOf)).toEqual(expected);

    const created = cairn(["migrate", "create", "Add Things", "--dir", dataDir]);
    expect(created.code, created.out).toBe(0);
    const blank = readdirSync(migrationsDir).find((f) => f.endsWith("_add_things.js"))!;
    expect(blank).toMatch(/^\d{10}_add_things\.js$/);
    expect(readFileSync(path.join(migrationsDir, blank), "utf8")).toBe(
      `/// <reference path="../pb_data/types.d.ts" />\nmigrate((db) => {\n  // add up queries...\n}, (db) => {\n  // add down queries...\n})\n`,
    );
    expect(cairn(["migrate", "up", "--dir", dataDir]).out).toBe(`Applied ${blank}\n`);

    expect(cairn(["migrate", "down", "2", "--dir", dataDir])).toEqual({ out: `Reverted ${blank}\nReverted 1700000000_created_posts.js\n`, code: 0 });
    expect((await withCairn(dataDir, collectionsOf)).map((c) => (c as { name: string }).name)).toEqual(["users"]);
    expect(cairn(["migrate", "down", "x", "--dir", dataDir]).code).toBe(1);

    cairn(["migrate", "up", "--dir", dataDir]);
    rmSync(path.join(migrationsDir, blank));
    expect(cairn(["migrate", "history-sync", "--dir", dataDir])).toEqual({ out: "The _migrations table was synced with the available migrations.\n", code: 0 });
    expect(cairn(["migrate", "--dir", dataDir]).out).toBe("No new migrations to apply.\n");
    expect(await appliedJsFiles(dataDir)).toEqual(["1700000000_created_posts.js"]);
  }, 240_000);
});
