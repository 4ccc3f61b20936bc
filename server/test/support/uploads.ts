/**
 * Large multipart uploads for tests and benchmarks, generated while they are sent (never
 * held in memory): the content is a fixed random 1 MiB block repeated, each copy starting
 * with its index, so any byte range can be recomputed.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { freePort, waitForHealth } from "./ports.js";

const BLOCK = 1 << 20;
const base = (() => {
  // Deterministic pseudo-random bytes (xorshift), so every run sends the same content.
  const b = Buffer.alloc(BLOCK);
  let x = 0x2545f491;
  for (let i = 0; i < BLOCK; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    b[i] = x & 0xff;
  }
  return b;
})();

/** The i-th block of generated content (cut to `length`). */
function block(i: number, length = BLOCK): Buffer {
  const b = Buffer.from(base.subarray(0, length));
  const tag = Buffer.alloc(8);
  tag.writeBigUInt64BE(BigInt(i));
  tag.copy(b, 0, 0, Math.min(8, length));
  return b;
}

/** The generated content's bytes start..end (inclusive), computed. */
export function expectedRange(start: number, end: number): Buffer {
  const out: Buffer[] = [];
  for (let pos = start; pos <= end; ) {
    const i = Math.floor(pos / BLOCK);
    const from = pos - i * BLOCK;
    const to = Math.min(BLOCK, end - i * BLOCK + 1);
    out.push(block(i).subarray(from, to));
    pos += to - from;
  }
  return Buffer.concat(out);
}

export interface UploadRequest {
  url: string;
  method: "POST" | "PATCH";
  path: string;
  token?: string;
  field: string;
  filename: string;
  size: number;
  /** Text fields sent before the file. */
  values?: Record<string, string>;
  /** Destroy the connection after sending this many content bytes. */
  abortAfter?: number;
  /** Compute the MD5 of what is sent (costs a pass over the content). */
  md5?: boolean;
}

export interface UploadResult {
  status: number;
  body: unknown;
  /** Base64 MD5 of the content sent ("" unless asked for). */
  md5: string;
  /** Seconds from the first byte sent to the answer. */
  seconds: number;
}

/**
 * Sends one file (generated, `size` bytes) as a multipart body with Content-Length set,
 * honouring backpressure. With `abortAfter`, the socket is destroyed mid-body and the
 * promise resolves with status 0 once it is.
 */
export function uploadGenerated(req: UploadRequest): Promise<UploadResult> {
  const boundary = "----cairnUploadBoundary" + Math.random().toString(16).slice(2);
  let head = "";
  for (const [k, v] of Object.entries(req.values ?? {})) head += `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
  head += `--${boundary}\r\nContent-Disposition: form-data; name="${req.field}"; filename="${req.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const length = Buffer.byteLength(head) + req.size + Buffer.byteLength(tail);
  const md5 = req.md5 ? createHash("md5") : null;
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const r = http.request(
      req.url + req.path,
      {
        method: req.method,
        headers: { "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": length, ...(req.token ? { authorization: req.token } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          // Answered before the whole body went out (a limit crossed): stop sending, as browsers do.
          if (!r.writableFinished) r.destroy();
          const text = Buffer.concat(chunks).toString();
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null, md5: md5?.digest("base64") ?? "", seconds: (Date.now() - started) / 1000 });
        });
      },
    );
    r.on("error", (err) => {
      if (req.abortAfter !== undefined) resolve({ status: 0, body: null, md5: "", seconds: (Date.now() - started) / 1000 });
      else reject(err);
    });
    const write = (b: Buffer | string) => {
      if (r.destroyed) return Promise.reject(new Error("request closed"));
      if (r.write(b)) return Promise.resolve();
      return new Promise<void>((ok) => {
        const done = () => {
          r.off("drain", done).off("close", done);
          ok();
        };
        r.on("drain", done).on("close", done);
      });
    };
    void (async () => {
      await write(head);
      let sent = 0;
      for (let i = 0; sent < req.size; i++) {
        const b = block(i, Math.min(BLOCK, req.size - sent));
        if (req.abortAfter !== undefined && sent + b.length > req.abortAfter) {
          await write(b.subarray(0, req.abortAfter - sent));
          // Let the bytes reach the server, then vanish mid-body.
          await new Promise((ok) => setTimeout(ok, 200));
          r.destroy();
          resolve({ status: 0, body: null, md5: "", seconds: (Date.now() - started) / 1000 });
          return;
        }
        md5?.update(b);
        sent += b.length;
        await write(b);
      }
      r.end(tail);
    })().catch((err: unknown) => {
      if (!r.destroyed) reject(err);
    });
  });
}

/** The peak resident set size of a process so far (VmHWM), in bytes. */
export function peakRss(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!m) throw new Error(`no VmHWM for ${pid}`);
  return Number(m[1]) * 1024;
}

export interface ChildServer {
  url: string;
  pid: number;
  /** The exit code (or signal) once the process ended; null while it runs. */
  exited(): number | string | null;
  /** What it printed so far (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
}

/** The built CLI (`npm run build -w server`). */
export const CAIRN_CLI = path.resolve(import.meta.dirname, "../../dist/cli.js");

/** Runs a command that serves HTTP (`--http 127.0.0.1:<port>` is appended) as a child process until stop(). */
export async function startChild(command: string, args: string[]): Promise<ChildServer> {
  if (command === process.execPath && args[0] === CAIRN_CLI && !existsSync(CAIRN_CLI)) throw new Error(`${CAIRN_CLI} is missing: run npm run build -w server`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(command, [...args, "--http", `127.0.0.1:${port}`], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  try {
    await waitForHealth(url, 20_000);
  } catch (err) {
    child.kill("SIGKILL");
    throw new Error(`${String(err)}\n${output}`);
  }
  return {
    url,
    pid: child.pid!,
    exited: () => child.exitCode ?? child.signalCode,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
