import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { adminToken, call } from "../../test/support/client.js";
import { cairnDataDir, cleanupTempDirs, copyDataDir, referenceDataDir } from "../../test/support/dataDirs.js";
import { startCairn, startReference, type RunningCairn } from "../../test/support/servers.js";
import type { ProgressReport } from "./progress.js";

/**
 * GET /api/backups/progress while a backup and a restore run on a data directory holding a
 * big incompressible file, polled as the dashboard does; and its answers to others.
 */

const BIG = 48 << 20;
let cairn: RunningCairn;
let token: string;

beforeAll(async () => {
  const dir = await cairnDataDir();
  mkdirSync(path.join(dir, "storage", "bulk"), { recursive: true });
  writeFileSync(path.join(dir, "storage", "bulk", "blob.bin"), randomBytes(BIG / 2).toString("hex")); // hex text: deflated, slowly (random bytes would be stored at once)
  cairn = await startCairn(dir);
  token = await adminToken(cairn);
}, 60_000);

afterAll(async () => {
  await cairn?.stop();
  cleanupTempDirs();
});

const progress = async () => (await call(cairn, { path: "/api/backups/progress", token })).body as ProgressReport;

/** Polls the progress until `running` settles, collecting every running report. */
async function pollWhile(running: Promise<unknown>): Promise<Extract<ProgressReport, { running: true }>[]> {
  let settled = false;
  void running.finally(() => (settled = true)).catch(() => undefined);
  const seen: Extract<ProgressReport, { running: true }>[] = [];
  while (!settled) {
    const p = await progress();
    if (p.running) seen.push(p);
    await new Promise((r) => setTimeout(r, 5));
  }
  return seen;
}

/** The reports of one phase, checked to only grow and stay within their total. */
function phaseReports(seen: Extract<ProgressReport, { running: true }>[], phase: string) {
  const of = seen.filter((p) => p.phase === phase);
  for (let i = 1; i < of.length; i++) expect(of[i].done).toBeGreaterThanOrEqual(of[i - 1].done);
  for (const p of of) expect(p.done).toBeLessThanOrEqual(p.total);
  return of;
}

it("is idle when nothing runs", async () => {
  expect(await progress()).toEqual({ running: false });
});

it("follows a backup: snapshot, then zip bytes growing to the sum of the file sizes, then store", async () => {
  const made = call(cairn, { method: "POST", path: "/api/backups", token, body: { name: "big.zip" } });
  const seen = await pollWhile(made);
  expect((await made).status).toBe(204);
  expect(seen.length).toBeGreaterThan(0);
  for (const p of seen) expect(p).toMatchObject({ running: true, action: "backup", key: "big.zip" });
  expect(new Set(seen.map((p) => p.startedAt)).size).toBe(1);
  const order = ["snapshot", "zip", "store"];
  const phases = seen.map((p) => order.indexOf(p.phase));
  expect(phases).toEqual([...phases].sort((a, b) => a - b)); // phases only move forward
  const zip = phaseReports(seen, "zip");
  expect(zip.length).toBeGreaterThan(1);
  const total = zip[0].total;
  expect(total).toBeGreaterThan(BIG);
  expect(total).toBeLessThan(BIG + (8 << 20)); // the big file, the databases and a few small files
  expect(zip.some((p) => p.done > 0 && p.done < total)).toBe(true); // seen part way
  // it gets to the end: all of it zipped, or on to storing the archive
  expect(zip.at(-1)!.done === total || seen.some((p) => p.phase === "store")).toBe(true);
  phaseReports(seen, "store");
  expect(await progress()).toEqual({ running: false });
}, 120_000);

it("follows a restore: extract bytes growing to the archive's uncompressed size", async () => {
  const restored = call(cairn, { method: "POST", path: "/api/backups/big.zip/restore", token });
  const seen = await pollWhile(restored);
  expect((await restored).status).toBe(204);
  for (const p of seen) expect(p).toMatchObject({ running: true, action: "restore", key: "big.zip" });
  const extract = phaseReports(seen, "extract");
  expect(extract.length).toBeGreaterThan(1);
  expect(extract[0].total).toBeGreaterThan(BIG);
  expect(extract.some((p) => p.done > 0 && p.done < p.total)).toBe(true);
  // the admin survives the restore (same data) and the tracker is idle again
  expect(await progress()).toEqual({ running: false });
}, 120_000);

it("is for admins only, like the other backups endpoints", async () => {
  const users = await call(cairn, { method: "POST", path: "/api/collections/users/records", token, body: { email: "u@example.com", password: "12345678", passwordConfirm: "12345678" } });
  expect(users.status, JSON.stringify(users.body)).toBe(200);
  const signIn = await call(cairn, { method: "POST", path: "/api/collections/users/auth-with-password", body: { identity: "u@example.com", password: "12345678" } });
  const userToken = (signIn.body as { token: string }).token;
  for (const who of [undefined, userToken]) {
    const list = await call(cairn, { path: "/api/backups", token: who });
    const got = await call(cairn, { path: "/api/backups/progress", token: who });
    expect(got.status).toBe(401);
    expect([got.status, got.body]).toEqual([list.status, list.body]);
  }
});

it("is not in the reference, which reads it as a download needing a file token (403)", async () => {
  const ref = await startReference(copyDataDir(referenceDataDir()));
  try {
    const refToken = await adminToken(ref);
    const got = await call(ref, { path: "/api/backups/progress", token: refToken });
    expect(got.status).toBe(403);
  } finally {
    await ref.stop();
  }
}, 60_000);
