// Starting servers for the benchmarks: a free port on 127.0.0.1 and a wait for /api/health.
import { spawn } from "node:child_process";
import { createServer } from "node:net";

export const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

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
