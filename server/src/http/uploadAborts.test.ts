/**
 * No client ends the process: hundreds of multipart creates whose clients vanish at every stage
 * (in the head, before the body, mid-part, between parts, while a file is being written to
 * storage, before the closing boundary), with a FIN or a reset, against public, rule-protected
 * and admin-only collections, on local storage and on S3 (s3rver). Cairn runs as its own
 * process (`cairn serve`), so a crash shows; afterwards it still serves, and no temp file,
 * object, multipart upload or record is left.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, call } from "../../test/support/client.js";
import { cairnDataDir, cleanupTempDirs } from "../../test/support/dataDirs.js";
import { CLOSING, fileHead, filePart, multipartHead, rawRequest, textPart } from "../../test/support/rawUpload.js";
import { startS3, type RunningS3 } from "../../test/support/s3.js";
import type { RunningServer } from "../../test/support/servers.js";
import { startChild, type ChildServer } from "../../test/support/uploads.js";
import { S3FileSystem } from "../files/s3.js";

const CLI = path.resolve(import.meta.dirname, "../cli.ts");
const MB = 1 << 20;
/** Public, rule-protected and admin-only: the body is read before any of them refuses. */
const COLLECTIONS = [
  { name: "open", createRule: "" },
  { name: "members", createRule: "@request.auth.id != ''" },
  { name: "locked", createRule: null },
].map((c) => ({
  ...c,
  type: "base",
  schema: [
    { name: "title", type: "text" },
    { name: "doc", type: "file", options: { maxSelect: 3, maxSize: 20 * MB } },
  ],
}));

/** What a client sends before it vanishes (each body announces 5 MB). */
const STAGES: Record<string, () => string> = {
  "in the head": () => `POST /api/collections/open/records HTTP/1.1\r\nContent-Type: multipart/form-da`,
  "before the body": () => "",
  "mid-part": () => textPart("title", "gone") + fileHead("doc", "a.txt") + "x".repeat(3000),
  "between parts": () => textPart("title", "gone") + filePart("doc", "a.txt", "x".repeat(3000)),
  // Large enough for the temp file (or the S3 object) to be written while the client goes.
  "while a file is stored": () => filePart("doc", "a.bin", "y".repeat(MB)) + fileHead("doc", "b.bin") + "z".repeat(2 * MB),
  "before the closing boundary": () => filePart("doc", "a.txt", "x") + filePart("doc", "b.txt", "x") + CLOSING.slice(0, 6),
};
const ROUNDS = 6;
const AT_ONCE = 20;

interface Env {
  server: ChildServer;
  dataDir: string;
  token: string;
  /** Objects and unfinished multipart uploads in the bucket (S3 only). */
  leftInBucket?: () => Promise<string[]>;
}

afterAll(cleanupTempDirs);

async function start(settings?: unknown): Promise<Env> {
  const dataDir = await cairnDataDir();
  const server = await startChild(process.execPath, ["--import", "tsx", CLI, "serve", "--dir", dataDir]);
  const as = { name: "cairn", url: server.url, dataDir } as RunningServer;
  const token = await adminToken(as);
  if (settings) expect((await call(as, { method: "PATCH", path: "/api/settings", token, body: settings })).status).toBe(200);
  for (const c of COLLECTIONS) expect((await call(as, { method: "POST", path: "/api/collections", token, body: c })).status).toBe(200);
  return { server, dataDir, token };
}

/** One client: sends the head and `stage`'s bytes, then vanishes (a FIN, or a reset). */
async function vanish(url: string, collection: string, stage: string, reset: boolean): Promise<void> {
  // A refused connection means the process is gone: the checks after the run say so, with its output.
  const req = await rawRequest(url).catch(() => null);
  if (!req) return;
  const bytes = stage === "in the head" ? STAGES[stage]() : multipartHead("POST", `/api/collections/${collection}/records`, 5_000_000) + STAGES[stage]();
  await req.send(bytes).catch(() => undefined);
  if (reset) req.socket.resetAndDestroy();
  else req.socket.destroy();
  await req.closed;
}

/** Every stage against every collection, both ways of leaving, AT_ONCE clients at a time. */
async function abortEverywhere(env: Env): Promise<number> {
  const jobs: (() => Promise<void>)[] = [];
  for (let round = 0; round < ROUNDS; round++)
    for (const stage of Object.keys(STAGES))
      for (const c of COLLECTIONS) for (const reset of [false, true]) jobs.push(() => vanish(env.server.url, c.name, stage, reset));
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) await jobs[next++]!();
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  return jobs.length;
}

async function expectAliveAndClean(env: Env) {
  expect(env.server.exited(), env.server.output()).toBeNull();
  expect((await fetch(`${env.server.url}/api/health`)).status).toBe(200);
  const spool = path.join(env.dataDir, ".tmp", "uploads");
  await expect.poll(() => (existsSync(spool) ? readdirSync(spool) : []), { timeout: 10_000 }).toEqual([]);
  if (env.leftInBucket) await expect.poll(env.leftInBucket, { timeout: 10_000 }).toEqual([]);
  for (const c of COLLECTIONS) {
    const list = await fetch(`${env.server.url}/api/collections/${c.name}/records`, { headers: { authorization: env.token } });
    expect(await list.json()).toMatchObject({ totalItems: 0 });
  }
  // And it still takes uploads.
  const form = new FormData();
  form.append("doc", new Blob(["still here"]), "after.txt");
  const res = await fetch(`${env.server.url}/api/collections/open/records`, { method: "POST", body: form });
  expect(res.status).toBe(200);
  const rec = (await res.json()) as { id: string };
  expect((await fetch(`${env.server.url}/api/collections/open/records/${rec.id}`, { method: "DELETE", headers: { authorization: env.token } })).status).toBe(204);
}

describe("clients vanishing mid-upload, local storage", () => {
  let env: Env;
  beforeAll(async () => {
    env = await start();
  }, 60_000);
  afterAll(() => env?.server.stop());

  it("never end the process and leave nothing behind", async () => {
    expect(await abortEverywhere(env)).toBeGreaterThanOrEqual(200);
    await expectAliveAndClean(env);
  }, 120_000);
});

describe("clients vanishing mid-upload, S3 storage (s3rver)", () => {
  let env: Env;
  let s3: RunningS3;
  let bucket: S3FileSystem;
  beforeAll(async () => {
    s3 = await startS3("aborts");
    env = await start({ s3: { enabled: true, ...s3.config } });
    bucket = new S3FileSystem(s3.config);
    env.leftInBucket = async () => [...(await bucket.list("")).map((f) => f.key), ...s3.pendingUploads().map((u) => `upload ${u}`)];
  }, 60_000);
  afterAll(async () => {
    await bucket?.close();
    await env?.server.stop();
    await s3?.close();
  });

  it("never end the process and leave nothing behind", async () => {
    expect(await abortEverywhere(env)).toBeGreaterThanOrEqual(200);
    await expectAliveAndClean(env);
  }, 120_000);
});
