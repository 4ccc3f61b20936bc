import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { download, upload } from "../../test/support/backups.js";
import { adminToken, call } from "../../test/support/client.js";
import type { RunningCairn, RunningServer } from "../../test/support/servers.js";
import { startBothServers, stopBothServers } from "../../test/support/bothServers.js";

/**
 * Backups travel between the servers: one made by the reference restores in Cairn and serves
 * the same data, and one made by Cairn restores in the reference. Both start from copies of
 * one data directory, so the admin (and its token) is the same on both.
 */

let ref: RunningServer;
let cairn: RunningCairn;
let token: string;

beforeAll(async () => {
  ({ ref, cairn } = await startBothServers());
  token = await adminToken(ref);
}, 60_000);

afterAll(() => stopBothServers({ ref, cairn }));

/** 2 MiB of random bytes: archived as a stored (not deflated) entry by Cairn. */
const RANDOM = randomBytes(2 << 20);
const md5 = (b: Buffer) => createHash("md5").update(b).digest("hex");

/** Adds a collection with file fields, a record with a text file and a random one, a second admin and an app name. */
async function populate(server: RunningServer, tag: string): Promise<void> {
  const col = await call(server, {
    method: "POST",
    path: "/api/collections",
    token,
    body: {
      name: `posts_${tag}`,
      type: "base",
      listRule: "",
      viewRule: "",
      schema: [
        { name: "title", type: "text" },
        { name: "doc", type: "file", options: { maxSelect: 1, maxSize: 5242880, protected: false } },
        { name: "raw", type: "file", options: { maxSelect: 1, maxSize: 5242880, protected: false } },
      ],
    },
  });
  expect(col.status, JSON.stringify(col.body)).toBe(200);
  const form = new FormData();
  form.append("title", `hello from ${tag}`);
  form.append("doc", new Blob([`file made on ${tag}`], { type: "text/plain" }), "note.txt");
  form.append("raw", new Blob([RANDOM], { type: "application/octet-stream" }), "random.bin");
  const rec = await fetch(`${server.url}/api/collections/posts_${tag}/records`, { method: "POST", headers: { authorization: token }, body: form });
  expect(rec.status).toBe(200);
  const admin = await call(server, {
    method: "POST",
    path: "/api/admins",
    token,
    body: { email: `second_${tag}@example.com`, password: "secret-pass-123", passwordConfirm: "secret-pass-123" },
  });
  expect(admin.status, JSON.stringify(admin.body)).toBe(200);
  const settings = await call(server, { method: "PATCH", path: "/api/settings", token, body: { meta: { appName: `App ${tag}` } } });
  expect(settings.status).toBe(200);
}

/** Checks that `server` serves what `populate(_, tag)` made, signing in as `tag`'s second admin. */
async function expectData(server: RunningServer, tag: string, appName = `App ${tag}`): Promise<void> {
  const t = await adminToken(server, `second_${tag}@example.com`, "secret-pass-123");
  const list = await call(server, { path: `/api/collections/posts_${tag}/records`, token: t });
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  const items = (list.body as { items: { id: string; title: string; doc: string; raw: string; collectionId: string }[] }).items;
  expect(items.map((i) => i.title)).toEqual([`hello from ${tag}`]);
  const file = await fetch(`${server.url}/api/files/${items[0].collectionId}/${items[0].id}/${items[0].doc}`);
  expect(file.status).toBe(200);
  expect(await file.text()).toBe(`file made on ${tag}`);
  const raw = await fetch(`${server.url}/api/files/${items[0].collectionId}/${items[0].id}/${items[0].raw}`);
  expect(md5(Buffer.from(await raw.arrayBuffer()))).toBe(md5(RANDOM));
  const settings = await call(server, { path: "/api/settings", token: t });
  expect((settings.body as { meta: { appName: string } }).meta.appName).toBe(appName);
}

/** Makes a backup on `from` and uploads it to `to`; returns its key. */
async function carry(from: RunningServer, to: RunningServer, key: string): Promise<void> {
  const made = await call(from, { method: "POST", path: "/api/backups", token, body: { name: key } });
  expect(made.status, JSON.stringify(made.body)).toBe(204);
  const got = await download(from, token, key);
  expect(got.status).toBe(200);
  const up = await upload(to, token, { name: key, data: got.data, type: "application/zip" });
  expect(up.status, JSON.stringify(up.body)).toBe(204);
}

async function eventually(check: () => Promise<void>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

it("restores a backup made by the reference in Cairn, keeping the admin's session", async () => {
  await populate(ref, "ref");
  await carry(ref, cairn, "from_reference.zip");
  const restored = await call(cairn, { method: "POST", path: "/api/backups/from_reference.zip/restore", token });
  expect(restored.status, JSON.stringify(restored.body)).toBe(204);
  await expectData(cairn, "ref");
  // The first admin exists in the restored data: its token still works.
  expect((await call(cairn, { path: "/api/admins", token })).status).toBe(200);
  // The backups folder was kept through the restore.
  const list = await call(cairn, { path: "/api/backups", token });
  expect((list.body as { key: string }[]).map((b) => b.key)).toContain("from_reference.zip");
}, 60_000);

it("restores a backup made by Cairn in the reference", async () => {
  await populate(cairn, "cairn");
  await carry(cairn, ref, "from_cairn.zip");
  const restored = await call(ref, { method: "POST", path: "/api/backups/from_cairn.zip/restore", token });
  expect(restored.status).toBe(204);
  // The reference restores in the background and restarts itself.
  await eventually(() => expectData(ref, "cairn"));
  // What the reference had before Cairn's data (restored from its own backup) came along too.
  await expectData(ref, "ref", "App cairn");
}, 90_000);
