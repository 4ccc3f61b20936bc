import { afterAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../test/support/postgres.js";
import { createPgPool, PgDb } from "../db/postgres/database.js";
import { collectionsWritten } from "../db/collectionsCache.js";
import { createEventBus } from "../events/bus.js";
import type { Settings } from "../models/settings.js";
import { SettingsStore } from "../settings/store.js";
import { LinkTransport } from "./busTransport.js";
import { PgLink } from "./pgLink.js";

const closers: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const c of closers.reverse()) await c();
});

const until = async (cond: () => boolean, ms = 1000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
};

/** A node: its own pool, Db, link, bus and settings store over the shared database, bound as app.ts binds them. */
async function node(url: string) {
  const db = new PgDb(createPgPool(url, { size: 3 }));
  const link = await PgLink.open({ url, warn: () => undefined });
  const transport = new LinkTransport(link);
  const events = createEventBus({ transport });
  const settings = await SettingsStore.open(db, events);
  transport.bind({ reloadSettings: () => settings.reload(), collectionsChanged: () => collectionsWritten(db) });
  closers.push(() => link.close(), () => db.close());
  const heard: Settings[] = [];
  events.on("settings.save", (e) => heard.push(e.settings));
  return { db, settings, heard };
}

describe("settings across nodes", () => {
  it("a save on one node is the current settings of every node within a second, announced there", async () => {
    const url = await freshDatabase();
    const setup = new PgDb(createPgPool(url, { size: 1 }));
    await setup.transaction((tx) => tx.exec(`CREATE TABLE "_params" ("id" TEXT PRIMARY KEY, "key" TEXT UNIQUE NOT NULL, "value" TEXT, "created" TEXT NOT NULL DEFAULT '', "updated" TEXT NOT NULL DEFAULT '')`));
    await setup.close();
    const [a, b, c] = await Promise.all([node(url), node(url), node(url)]);

    const next = { ...a.settings.get(), meta: { ...a.settings.get().meta, appName: "Renamed" }, smtp: { ...a.settings.get().smtp, password: "s3cret" } };
    const started = Date.now();
    await a.settings.save(next);
    await until(() => b.settings.get().meta.appName === "Renamed" && c.settings.get().meta.appName === "Renamed");
    expect(Date.now() - started).toBeLessThan(1000);
    // Listeners there heard the saved settings, read from the database (secrets included), once.
    for (const n of [b, c]) {
      await until(() => n.heard.length === 1);
      expect(n.heard[0].meta.appName).toBe("Renamed");
      expect(n.heard[0].smtp.password).toBe("s3cret");
    }
    expect(a.heard).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 200));
    expect([a.heard.length, b.heard.length, c.heard.length]).toEqual([1, 1, 1]);
  });
});
