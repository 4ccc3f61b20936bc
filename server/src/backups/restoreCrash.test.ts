import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import Database from "better-sqlite3";
import { createApp } from "../app.js";
import { adminToken, call } from "../../test/support/client.js";
import { cairnDataDir, cleanupTempDirs, copyDataDir } from "../../test/support/dataDirs.js";
import { freePort, waitForHealth } from "../../test/support/ports.js";
import { startCairn, type RunningServer } from "../../test/support/servers.js";

/**
 * kill -9 in the middle of a restore: the server runs as its own process (`cairn serve`), a
 * restore starts, and the process is killed after a varying delay. The data directory must
 * then open with all of its data: the previous data or the restored data, never a mix.
 */

const SERVER_DIR = path.resolve(import.meta.dirname, "../..");
const BIG = 24 << 20;
let base: string;

beforeAll(async () => {
  base = await cairnDataDir();
  const cairn = await startCairn(base);
  try {
    const token = await adminToken(cairn);
    const col = await call(cairn, { method: "POST", path: "/api/collections", token, body: { name: "notes", type: "base", schema: [{ name: "text", type: "text" }] } });
    expect(col.status).toBe(200);
    const add = (text: string) => call(cairn, { method: "POST", path: "/api/collections/notes/records", token, body: { text } });
    for (let i = 0; i < 50; i++) await add(`v1-${i}`);
    // A large incompressible file makes the restore's extraction last a while.
    mkdirSync(path.join(base, "storage", "bulk"), { recursive: true });
    writeFileSync(path.join(base, "storage", "bulk", "blob.bin"), randomBytes(BIG));
    expect((await call(cairn, { method: "POST", path: "/api/backups", token, body: { name: "v1.zip" } })).status).toBe(204);
    for (let i = 0; i < 50; i++) await add(`v2-${i}`);
  } finally {
    await cairn.stop();
  }
}, 60_000);

afterAll(() => cleanupTempDirs());

/** What a data directory holds once the server opened it (the start-up recovery ran). */
async function open(dir: string): Promise<{ notes: number; integrity: unknown; blob: number; admins: number }> {
  const app = await createApp({ dataDir: dir });
  const admins = await app.admins.count();
  await app.close();
  const db = new Database(path.join(dir, "data.db"), { readonly: true });
  try {
    return {
      notes: (db.prepare("SELECT count(*) AS n FROM notes").get() as { n: number }).n,
      integrity: db.pragma("integrity_check", { simple: true }),
      blob: statSync(path.join(dir, "storage", "bulk", "blob.bin")).size,
      admins,
    };
  } finally {
    db.close();
  }
}

async function killDuringRestore(delayMs: number): Promise<number> {
  const dir = copyDataDir(base);
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "src/cli.ts", "serve", "--dir", dir, "--http", `127.0.0.1:${port}`], {
    cwd: SERVER_DIR,
    stdio: "ignore",
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    const server = { name: "cairn", url: `http://127.0.0.1:${port}`, dataDir: dir } as RunningServer;
    await waitForHealth(server.url, 30_000);
    const token = await adminToken(server);
    void fetch(`${server.url}/api/backups/v1.zip/restore`, { method: "POST", headers: { authorization: token } }).catch(() => undefined);
    await new Promise((r) => setTimeout(r, delayMs));
  } finally {
    child.kill("SIGKILL");
    await exited;
  }
  const state = await open(dir);
  expect(state.integrity).toBe("ok");
  expect(state.blob).toBe(BIG);
  expect(state.admins).toBe(1);
  // All the previous rows, or exactly the backup's.
  expect([100, 50]).toContain(state.notes);
  return state.notes;
}

it("a restore killed at any point leaves the previous data or the restored data, whole", async () => {
  const outcomes: number[] = [];
  for (const delay of [0, 40, 120, 300, 700, 3000]) outcomes.push(await killDuringRestore(delay));
  // Killed early the restore had not swapped yet; given seconds it had finished.
  expect(outcomes[0]).toBe(100);
  expect(outcomes[outcomes.length - 1]).toBe(50);
}, 180_000);
