import { spawn } from "node:child_process";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { cleanupTempDirs, tempDir } from "../../test/support/dataDirs.js";
import { freePort, waitForHealth } from "../../test/support/ports.js";
import { rawRequest } from "../../test/support/rawUpload.js";

afterAll(cleanupTempDirs);

const SERVER_DIR = path.resolve(import.meta.dirname, "../..");
const TSX = path.resolve(SERVER_DIR, "../node_modules/.bin/tsx");

describe("cairn serve", () => {
  it("prints the installer link, serves, and on SIGTERM flushes pending logs before exiting", async () => {
    const dir = tempDir();
    const port = await freePort();
    const child = spawn(TSX, ["src/cli.ts", "serve", "--dir", dir, "--http", `127.0.0.1:${port}`], { cwd: SERVER_DIR });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    const url = `http://127.0.0.1:${port}`;
    await waitForHealth(url, 20_000);
    expect(out).toContain(`Server started at ${url}`);
    expect(out).toContain(`${url}/_/?installer#`);

    const res = await fetch(`${url}/api/this-route-does-not-exist`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 404, message: "Not Found.", data: {} });
    const dash = await fetch(`${url}/_/`);
    expect(dash.status).toBe(200);
    expect(dash.headers.get("content-type")).toContain("text/html");

    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);

    // The request above was still in the log writer's buffer; shutdown must have written it.
    const db = new Database(path.join(dir, "logs.db"), { readonly: true });
    const row = db.prepare("SELECT level, message, data FROM _logs WHERE message = ?").get("GET /api/this-route-does-not-exist") as
      | { level: number; data: string }
      | undefined;
    db.close();
    expect(row).toBeDefined();
    expect(JSON.parse(row!.data)).toMatchObject({ status: 404, method: "GET", type: "request" });
  });

  it("takes --bodyTimeout and --headersTimeout in seconds", async () => {
    const port = await freePort();
    const args = ["src/cli.ts", "serve", "--dir", tempDir(), "--http", `127.0.0.1:${port}`, "--bodyTimeout", "1", "--headersTimeout=1"];
    const child = spawn(TSX, args, { cwd: SERVER_DIR });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      const url = `http://127.0.0.1:${port}`;
      await waitForHealth(url, 20_000);
      const stalled = async (text: string) => {
        const req = await rawRequest(url);
        await req.send(text);
        const started = Date.now();
        const answer = await req.answer;
        req.socket.destroy();
        return { status: answer?.status, seconds: (Date.now() - started) / 1000 };
      };
      // A body that stops, a head that never ends: answered after about a second (the defaults are a minute).
      const body = await stalled("POST /api/admins HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{");
      expect(body.status).toBe(408);
      expect(body.seconds).toBeLessThan(10);
      const head = await stalled("GET /api/health HTTP/1.1\r\nHost: x\r\n");
      expect(head.status).toBe(408);
      expect(head.seconds).toBeLessThan(10);
    } finally {
      child.kill("SIGTERM");
      await exited;
    }
  }, 40_000);
});
