import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SYSTEM_CALLER } from "../auth/caller.js";
import { collectionsRepo } from "../db/collections.js";
import { openDataDir } from "../db/open.js";
import type { Db } from "../db/types.js";
import { createEventBus, type AppEvent } from "../events/bus.js";
import { DomainError } from "../tools/errors.js";
import { parseFirstJsonValue } from "../tools/goJson.js";
import { CollectionService } from "./service.js";

/**
 * The collection service on a real SQLite data dir (no HTTP): each change is one transaction
 * with its DDL, announced once after commit, and a failure leaves neither rows, tables nor events.
 */
describe("CollectionService transactions and events", () => {
  let dir: string;
  let db: Db;
  let logs: Db;
  let svc: CollectionService;
  const seen: string[] = [];

  const body = (v: unknown) => () => parseFirstJsonValue(JSON.stringify(v));
  const tables = async () => (await db.all<{ name: string }>("SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') ORDER BY name")).map((r) => r.name);
  const failure = async (p: Promise<unknown>) => {
    const err = await p.then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    const e = err as DomainError;
    return { kind: e.kind, message: e.message, data: e.data };
  };

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "cairn-collections-"));
    ({ data: db, logs } = openDataDir(dir, { initialSettings: () => ({}) }));
    const events = createEventBus();
    svc = new CollectionService({ db, events });
    // At announcement time the change must be committed and visible to a fresh lookup.
    events.on("*", (e: AppEvent) => {
      if (e.type !== "collection.save" && e.type !== "collection.delete") return;
      void svc.find(e.collection.id).then((found) => seen.push(`${e.type} ${e.collection.name} ${found ? "visible" : "gone"}`));
    });
  });

  afterAll(async () => {
    await db.close();
    await logs.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  beforeEach(() => {
    seen.length = 0;
  });

  const settle = () => new Promise((r) => setTimeout(r, 10));

  it("creates a collection with its table in one transaction and announces it once after commit", async () => {
    const created = await svc.create(SYSTEM_CALLER, body({ name: "posts", schema: [{ name: "title", type: "text" }] }));
    expect(created.name).toBe("posts");
    await settle();
    expect(seen).toEqual(["collection.save posts visible"]);
    expect(await tables()).toContain("posts");
  });

  it("rolls a failed create back (row and table) and announces nothing", async () => {
    const res = await failure(
      svc.create(SYSTEM_CALLER, body({ name: "broken", schema: [{ name: "a", type: "text" }], indexes: ["CREATE INDEX idx_broken ON broken (missing)"] })),
    );
    expect(res.kind).toBe("bad_request");
    expect(res.message).toBe("Failed to create the collection.");
    expect(JSON.stringify(res.data)).toContain("no such column: missing");
    await settle();
    expect(seen).toEqual([]);
    expect(await svc.find("broken")).toBeUndefined();
    expect(await tables()).not.toContain("broken");
  });

  it("regenerates a dependent view in the same transaction as the change and announces both", async () => {
    await svc.create(SYSTEM_CALLER, body({ name: "titles", type: "view", options: { query: "SELECT id, title FROM posts" } }));
    await settle();
    seen.length = 0;
    const posts = (await svc.find("posts"))!;
    const field = posts.schema[0];
    await svc.update(SYSTEM_CALLER, "posts", body({ schema: [{ ...field, type: "text", options: { ...field.options, max: 5 } }] }));
    await settle();
    expect(seen).toEqual(["collection.save titles visible", "collection.save posts visible"]);
    const view = (await svc.find("titles"))!;
    expect((view.schema[0].options as { max: number }).max).toBe(5);
  });

  it("refuses deleting a collection a view needs, leaving its table and row", async () => {
    const res = await failure(svc.delete(SYSTEM_CALLER, "posts"));
    expect(res).toEqual({ kind: "bad_request", message: "Failed to delete collection due to existing dependency.", data: {} });
    await settle();
    expect(seen).toEqual([]);
    expect(await svc.find("posts")).toBeDefined();
    expect(await tables()).toEqual(expect.arrayContaining(["posts", "titles"]));
  });

  it("deletes a view and then its source, one event each", async () => {
    await svc.delete(SYSTEM_CALLER, "titles");
    await svc.delete(SYSTEM_CALLER, "posts");
    await settle();
    expect(seen).toEqual(["collection.delete titles gone", "collection.delete posts gone"]);
    expect(await tables()).not.toEqual(expect.arrayContaining(["posts"]));
  });

  it("rolls a failed import back as a whole", async () => {
    const before = (await collectionsRepo.all(db)).map((c) => c.name);
    const res = await failure(
      svc.import(SYSTEM_CALLER, body({ collections: [{ name: "fresh", schema: [{ name: "a", type: "text" }] }, { name: "bad", type: "view", options: { query: "SELECT nope FROM nowhere" } }] })),
    );
    expect(res.message).toBe("Failed to import the submitted collections.");
    await settle();
    expect(seen).toEqual([]);
    expect((await collectionsRepo.all(db)).map((c) => c.name)).toEqual(before);
    expect(await tables()).not.toContain("fresh");
  });

  it("imports in one transaction with one event per changed collection", async () => {
    await svc.import(SYSTEM_CALLER, body({ collections: [{ name: "fresh", schema: [{ name: "a", type: "text" }] }] }));
    await settle();
    expect(seen).toEqual(["collection.save fresh visible"]);
    expect(await tables()).toContain("fresh");
  });
});
