import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll, beforeAll, expect, it } from "vitest";
import { differential, type DiffCase } from "../../test/support/differential.js";
import { download } from "../../test/support/backups.js";
import { call } from "../../test/support/client.js";
import { tempDir } from "../../test/support/dataDirs.js";
import { freePort } from "../../test/support/ports.js";

/**
 * Backups kept in S3 (a real s3rver on 127.0.0.1), and the S3 connection test of both
 * filesystems answered like the reference.
 */

let s3: S3rver;
let endpoint = "";

beforeAll(async () => {
  const port = await freePort();
  endpoint = `http://127.0.0.1:${port}`;
  s3 = new S3rver({
    address: "127.0.0.1",
    port,
    silent: true,
    directory: tempDir("s3rver-"),
    configureBuckets: [{ name: "files" }, { name: "backups" }],
    vhostBuckets: false,
  });
  await s3.run();
});

afterAll(async () => {
  await s3?.close();
});

const s3Config = (bucket: string) => ({
  enabled: true,
  endpoint,
  bucket,
  region: "us-east-1",
  accessKey: "S3RVER",
  secret: "S3RVER",
  forcePathStyle: true,
});

/** The body is built when the case runs (the s3rver port is known only then). */
const patch = (body: () => unknown): DiffCase["req"] => (ctx) => ({ method: "PATCH", path: "/api/settings", token: ctx.token, body: body() });
const saved: Pick<DiffCase, "compare" | "check"> = { compare: "status", check: (b) => expect(b.status, JSON.stringify(b.body)).toBe(200) };
const passes: Pick<DiffCase, "check"> = { check: (b) => expect(b.status, JSON.stringify(b.body)).toBe(204) };
const test = (filesystem: string): DiffCase["req"] => (ctx) => ({ method: "POST", path: "/api/settings/test/s3", token: ctx.token, body: { filesystem } });
/** Failures carry each SDK's own raw error text after the shared prefix. */
const samePrefix: Pick<DiffCase, "compare" | "capture" | "check"> = {
  compare: "status",
  capture: (a, ctx) => (ctx.vars.prefix = (a.body as { message: string }).message.split("Raw error:")[0]),
  check: (b, ctx) => expect((b.body as { message: string }).message.split("Raw error:")[0]).toBe(ctx.vars.prefix),
};

const { servers } = differential([
  { name: "unknown filesystem", req: test("other") },
  { name: "missing filesystem", req: test("") },
  { name: "enable S3 for files and backups", req: patch(() => ({ s3: s3Config("files"), backups: { s3: s3Config("backups") } })), ...saved },
  { name: "test the files bucket", req: test("storage"), ...passes },
  { name: "test the backups bucket", req: test("backups"), ...passes },
  { name: "point backups to a missing bucket", req: patch(() => ({ backups: { s3: s3Config("missing") } })), ...saved },
  { name: "test the missing bucket", req: test("backups"), ...samePrefix },
  { name: "point backups to a closed port", req: patch(() => ({ backups: { s3: { ...s3Config("backups"), endpoint: "http://127.0.0.1:9" } } })), ...saved },
  { name: "test the closed port", req: test("backups"), ...samePrefix },
  { name: "list from an unreachable bucket", req: (ctx) => ({ path: "/api/backups", token: ctx.token }), ...samePrefix },
  { name: "create in an unreachable bucket", req: (ctx) => ({ method: "POST", path: "/api/backups", token: ctx.token, body: { name: "a.zip" } }) },
  { name: "delete from an unreachable bucket", req: (ctx) => ({ method: "DELETE", path: "/api/backups/a.zip", token: ctx.token }), ...samePrefix },
  { name: "restore from an unreachable bucket", req: (ctx) => ({ method: "POST", path: "/api/backups/a.zip/restore", token: ctx.token }) },
  { name: "back to the backups bucket", req: patch(() => ({ s3: { enabled: false }, backups: { s3: s3Config("backups") } })), ...saved },
]);

it("keeps backups in the bucket: create, list, download, restore, delete", async () => {
  const { cairn } = servers();
  const token = (await (await fetch(`${cairn.url}/api/admins/auth-with-password`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ identity: "admin@example.com", password: "1234567890" }),
  }).then((r) => r.json())) as { token: string }).token;
  const made = await call(cairn, { method: "POST", path: "/api/backups", token, body: { name: "in_s3.zip" } });
  expect(made.status, JSON.stringify(made.body)).toBe(204);
  const client = new S3Client({ endpoint, region: "us-east-1", forcePathStyle: true, credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } });
  const objects = await client.send(new ListObjectsV2Command({ Bucket: "backups" }));
  expect(objects.Contents?.map((o) => o.Key)).toContain("in_s3.zip");
  client.destroy();
  const list = (await call(cairn, { path: "/api/backups", token })).body as { key: string; size: number }[];
  expect(list.find((b) => b.key === "in_s3.zip")?.size).toBeGreaterThan(0);
  const got = await download(cairn, token, "in_s3.zip");
  expect(got.status).toBe(200);
  expect(got.data.subarray(0, 2).toString()).toBe("PK");
  expect(got.data.length).toBe(list.find((b) => b.key === "in_s3.zip")?.size);
  // Change something, restore, and the change is gone (the settings come from the backup too).
  await call(cairn, { method: "PATCH", path: "/api/settings", token, body: { meta: { appName: "Changed" } } });
  const restored = await call(cairn, { method: "POST", path: "/api/backups/in_s3.zip/restore", token });
  expect(restored.status, JSON.stringify(restored.body)).toBe(204);
  const settings = (await call(cairn, { path: "/api/settings", token })).body as { meta: { appName: string } };
  expect(settings.meta.appName).toBe("Acme");
  expect((await call(cairn, { method: "DELETE", path: "/api/backups/in_s3.zip", token })).status).toBe(204);
  expect((await call(cairn, { path: "/api/backups", token })).body).toEqual([]);
}, 60_000);
