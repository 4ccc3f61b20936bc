// Starting servers for the benchmarks: a free port on 127.0.0.1 and a wait for /api/health.
import { spawn } from "node:child_process";
import { freePort } from "./common.mjs";

/** Spawns `cmd args --http 127.0.0.1:PORT` and resolves once it answers /api/health. */
export async function start(cmd, args, { timeoutMs = 10_000 } = {}) {
  const port = await freePort();
  const child = spawn(cmd, [...args, "--http", `127.0.0.1:${port}`], { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    try {
      if ((await fetch(url + "/api/health")).ok) return { url, child };
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill();
  throw new Error(`${cmd} did not start`);
}

/** SIGTERM, then SIGKILL after 10 s; resolves once the process has exited. */
export const stop = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const t = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => (clearTimeout(t), resolve()));
    child.kill("SIGTERM");
  });
