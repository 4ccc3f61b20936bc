import { spawn } from "node:child_process";
import path from "node:path";
import { freePort } from "./ports.js";

const SERVER_DIR = path.resolve(import.meta.dirname, "../..");
/** The tsx binary and the CLI's source: `cairn` as the tests run it. */
export const TSX = path.resolve(SERVER_DIR, "../node_modules/.bin/tsx");
export const CLI = path.join(SERVER_DIR, "src/cli.ts");

/**
 * Starts `cairn serve` on a free port and resolves once it listens: `out` is its output until then,
 * `output()` all of it so far. Rejects with its output (and exit code) when it exits first.
 */
export function serveUntilListening(args: string[]): Promise<{ out: string; output: () => string; stop: () => void; url: string }> {
  return freePort().then(
    (port) =>
      new Promise((resolve, reject) => {
        const child = spawn(TSX, [CLI, "serve", "--http", `127.0.0.1:${port}`, ...args], { stdio: ["ignore", "pipe", "pipe"] });
        let out = "";
        const onData = (d: Buffer) => {
          out += d.toString();
          if (out.includes("Server started")) resolve({ out, output: () => out, stop: () => child.kill("SIGTERM"), url: `http://127.0.0.1:${port}` });
        };
        child.stdout.on("data", onData);
        child.stderr.on("data", onData);
        child.once("exit", (code) => reject(Object.assign(new Error(out), { code })));
      }),
  );
}
