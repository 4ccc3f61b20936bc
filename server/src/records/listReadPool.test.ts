import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, type App } from "../app.js";
import { buildServer } from "../http/server.js";
import { adminToken, call } from "../../test/support/client.js";
import { cairnDataDir, cleanupTempDirs } from "../../test/support/dataDirs.js";
import { freePort } from "../../test/support/ports.js";
import type { RunningCairn } from "../../test/support/servers.js";

type Page = { totalItems: number; items: { id: string; title: string }[] };

/** Lists served by the read workers: every repeated list statement goes there (readSlowMs 0). */
describe("record, admin and log lists on the read workers", () => {
  let app: App;
  let cairn: RunningCairn;
  let token: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const dataDir = await cairnDataDir();
    app = await createApp({ dataDir, readWorkers: 2, readSlowMs: 0 });
    const server = buildServer(app);
    const port = await freePort();
    await server.listen({ host: "127.0.0.1", port });
    cairn = { name: "cairn", url: `http://127.0.0.1:${port}`, dataDir, app, stop: async () => {} };
    close = async () => {
      await server.close();
      await app.close();
    };
    token = await adminToken(cairn);
    const created = await call(cairn, { method: "POST", path: "/api/collections", token, body: { name: "notes", type: "base", listRule: "", schema: [{ name: "title", type: "text" }] } });
    expect(created.status).toBe(200);
  });
  afterAll(async () => {
    await close();
    cleanupTempDirs();
  });

  const list = async (query: string) => {
    const res = await call(cairn, { path: `/api/collections/notes/records?${query}` });
    expect(res.status).toBe(200);
    return res.body as Page;
  };

  it("a list right after a create sees the new record, page and count alike", async () => {
    await list("sort=-created,-id&perPage=5");
    // Every read outside a transaction goes to the workers here (the create's too): only the lists' are counted.
    let listed = 0;
    for (let i = 0; i < 15; i++) {
      const res = await call(cairn, { method: "POST", path: "/api/collections/notes/records", token, body: { title: `note ${i}` } });
      expect(res.status).toBe(200);
      const before = app.readPool.counts.workers;
      const page = await list("sort=-created,-id&perPage=5");
      listed += app.readPool.counts.workers - before;
      expect(page.totalItems).toBe(i + 1);
      expect(page.items.map((x) => x.id)).toContain((res.body as { id: string }).id);
    }
    // Each list ran its page and count statements on the workers.
    expect(listed).toBe(30);
  });

  it("serves admins and logs lists too", async () => {
    const before = app.readPool.counts.workers;
    for (let i = 0; i < 2; i++) {
      const admins = await call(cairn, { path: "/api/admins?sort=email", token });
      expect((admins.body as Page).totalItems).toBe(1);
      const logs = await call(cairn, { path: "/api/logs?perPage=1", token });
      expect(logs.status).toBe(200);
    }
    expect(app.readPool.counts.workers - before).toBeGreaterThanOrEqual(4);
  });

  it("closes its workers on a reload and reads through fresh ones after it", async () => {
    const old = app.readPool;
    await app.reload(() => {}, () => {});
    expect(app.readPool).not.toBe(old);
    // The first request after the reload also reads the collections (on the new workers).
    expect((await list("sort=title")).totalItems).toBe(15);
    const before = app.readPool.counts.workers;
    expect(before).toBeGreaterThanOrEqual(2);
    expect((await list("sort=title")).totalItems).toBe(15);
    expect(app.readPool.counts.workers - before).toBe(2);
  });
});

describe("warmReadWorkers", () => {
  afterAll(() => cleanupTempDirs());

  it("starts the read workers as the services open, and again after a reload (a restore) reopens them", async () => {
    const app = await createApp({ dataDir: await cairnDataDir(), readWorkers: 2, warmReadWorkers: true });
    try {
      expect(app.readPool.started).toBe(2);
      const old = app.readPool;
      await app.reload(() => {}, () => {});
      expect(app.readPool).not.toBe(old);
      expect(app.readPool.started).toBe(2);
    } finally {
      await app.close();
    }
  });

  it("leaves them to the first slow read without it", async () => {
    const app = await createApp({ dataDir: await cairnDataDir(), readWorkers: 2 });
    try {
      expect(app.readPool.started).toBe(0);
    } finally {
      await app.close();
    }
  });
});
