// Large file uploads and downloads, Cairn vs the reference binary (PocketBase v0.22.20), side by
// side: throughput (MB/s) of a multipart record create carrying one file and of downloading it
// back, and each server's peak RSS (VmHWM) before and after. Fresh data dirs; local storage, or
// with --s3 an S3 bucket per server on one s3rver started here (in this process: it shares the
// machine with both servers, so S3 figures are indicative of the servers' overhead only).
// Usage: npm run build -w server && node bench/uploads.mjs [--sizes 100,1024] [--only cairn] [--s3]
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { arg, CAIRN, FLAGS, PB } from "./common.mjs";
import { start as startServer } from "./servers.mjs";
const ADMIN = { email: "bench@example.com", password: "1234567890" };
const MB = 1 << 20;

const sizes = arg("sizes", "100,1024").split(",").map((s) => Number(s) * MB);
const only = arg("only", "");
const useS3 = process.argv.includes("--s3");

// As before the shared helper: up to 20 s for a start.
const start = (cmd, args) => startServer(cmd, args, { timeoutMs: 20_000 });

const peakRss = (pid) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))[1]) * 1024;

// One random MiB, sent over and over: generated while sending, never the whole file in memory.
const block = Buffer.alloc(MB);
for (let i = 0; i < MB; i++) block[i] = (i * 2654435761) >>> 24;

/** Sends a multipart record create with one `size`-byte file; resolves with seconds and the record. */
function upload(url, token, size) {
  const boundary = "----benchBoundary" + Math.random().toString(16).slice(2);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${url}/api/collections/bench_files/records`,
      {
        method: "POST",
        headers: {
          authorization: token,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": Buffer.byteLength(head) + size + Buffer.byteLength(tail),
        },
      },
      (res) => {
        let text = "";
        res.on("data", (c) => (text += c));
        res.on("end", () => {
          const seconds = Number(process.hrtime.bigint() - started) / 1e9;
          if (res.statusCode !== 200) reject(new Error(`upload answered ${res.statusCode}: ${text}`));
          else resolve({ seconds, record: JSON.parse(text) });
        });
      },
    );
    req.on("error", reject);
    const write = (b) => (req.write(b) ? Promise.resolve() : new Promise((ok) => req.once("drain", ok)));
    (async () => {
      await write(head);
      for (let sent = 0; sent < size; sent += MB) await write(size - sent >= MB ? block : block.subarray(0, size - sent));
      req.end(tail);
    })().catch(reject);
  });
}

/** Downloads a file, discarding it; resolves with seconds and the byte count. */
function download(url) {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        let bytes = 0;
        res.on("data", (c) => (bytes += c.length));
        res.on("end", () => resolve({ seconds: Number(process.hrtime.bigint() - started) / 1e9, bytes }));
      })
      .on("error", reject);
  });
}

async function measure(name, dir, cmd, args) {
  const { url, child } = await start(cmd, args);
  try {
    const auth = await (await fetch(`${url}/api/admins/auth-with-password`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ identity: ADMIN.email, password: ADMIN.password }) })).json();
    const token = auth.token;
    if (s3) {
      const body = JSON.stringify({ s3: { enabled: true, ...s3.config(name) } });
      const set = await fetch(`${url}/api/settings`, { method: "PATCH", headers: { "content-type": "application/json", authorization: token }, body });
      if (!set.ok) throw new Error(`${name}: enabling S3 answered ${set.status}: ${await set.text()}`);
    }
    const coll = { name: "bench_files", viewRule: "", schema: [{ name: "file", type: "file", options: { maxSelect: 1, maxSize: 2 * 1024 * MB } }] };
    const res = await fetch(`${url}/api/collections`, { method: "POST", headers: { "content-type": "application/json", authorization: token }, body: JSON.stringify(coll) });
    if (!res.ok) throw new Error(`${name}: creating the collection answered ${res.status}`);
    const rows = [];
    for (const size of sizes) {
      const before = peakRss(child.pid);
      const up = await upload(url, token, size);
      const afterUp = peakRss(child.pid);
      const down = await download(`${url}/api/files/bench_files/${up.record.id}/${up.record.file}`);
      if (down.bytes !== size) throw new Error(`${name}: downloaded ${down.bytes} of ${size} bytes`);
      rows.push({ name, size, upMBs: size / MB / up.seconds, downMBs: size / MB / down.seconds, rssBefore: before, rssUp: afterUp, rssDown: peakRss(child.pid) });
    }
    return rows;
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    rmSync(dir, { recursive: true, force: true });
  }
}

function seed() {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-uploads-"));
  execFileSync(PB, ["migrate", "up", "--dir", dir, ...FLAGS], { stdio: "ignore" });
  execFileSync(PB, ["admin", "create", ADMIN.email, ADMIN.password, "--dir", dir, ...FLAGS], { stdio: "ignore" });
  return dir;
}

/** One s3rver with a bucket per server (`--s3`). */
async function startS3() {
  const { default: S3rver } = await import("s3rver");
  const { createServer } = await import("node:net");
  const port = await new Promise((ok) => {
    const srv = createServer().listen(0, "127.0.0.1", () => {
      const p = srv.address().port;
      srv.close(() => ok(p));
    });
  });
  const dir = mkdtempSync(path.join(tmpdir(), "bench-s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port, silent: true, directory: dir, vhostBuckets: false, configureBuckets: [{ name: "reference" }, { name: "cairn" }] });
  await server.run();
  return {
    config: (bucket) => ({ bucket, region: "us-east-1", endpoint: `http://127.0.0.1:${port}`, accessKey: "S3RVER", secret: "S3RVER", forcePathStyle: true }),
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const s3 = useS3 ? await startS3() : null;
const rows = [];
if (only !== "cairn") {
  const dir = seed();
  rows.push(...(await measure("reference", dir, PB, ["serve", "--dir", dir, ...FLAGS])));
}
if (only !== "reference") {
  const dir = seed();
  rows.push(...(await measure("cairn", dir, process.execPath, [CAIRN, "serve", "--dir", dir])));
}

await s3?.close();

const mb = (n) => (n / MB).toFixed(0).padStart(6);
console.log(useS3 ? "storage: S3 (s3rver)" : "storage: local");
console.log("server     size MB  upload MB/s  download MB/s  peak RSS MB: start  after upload  after download");
for (const r of rows) {
  console.log(
    `${r.name.padEnd(10)} ${mb(r.size)}  ${r.upMBs.toFixed(1).padStart(11)}  ${r.downMBs.toFixed(1).padStart(13)}  ${mb(r.rssBefore).padStart(18)}  ${mb(r.rssUp).padStart(12)}  ${mb(r.rssDown).padStart(14)}`,
  );
}
