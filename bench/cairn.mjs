// Starts the built Cairn (server/dist) on a fresh data directory with one admin, for the
// single-server benchmarks (batch.mjs, ratelimit.mjs).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CAIRN, FLAGS, jsonReq, PB } from "./common.mjs";
import { start } from "./servers.mjs";

const ADMIN = { email: "bench@example.com", password: "1234567890" };

/** `send(path, method, body, token)`: JSON in, JSON out, throws on a non-2xx answer. */
export async function startCairn() {
  const dir = mkdtempSync(path.join(tmpdir(), "cairn-bench-"));
  execFileSync(PB, ["migrate", "up", "--dir", dir, ...FLAGS], { stdio: "ignore" });
  execFileSync(PB, ["admin", "create", ADMIN.email, ADMIN.password, "--dir", dir, ...FLAGS], { stdio: "ignore" });
  const { url: base, child } = await start(process.execPath, [CAIRN, "serve", "--dir", dir]);
  const stop = () => {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  };
  const send = (p, method, body, token) => jsonReq(base + p, method, body, token);
  const { token } = await send("/api/admins/auth-with-password", "POST", { identity: ADMIN.email, password: ADMIN.password });
  return { base, token, send, stop };
}
