// Dashboard load benchmark: the JavaScript bytes the sign-in page transfers, as Chromium counts
// them, from a Cairn server serving the built dashboard (ui/dist with its .br/.gz copies).
// Needs `npm run build` first and Debian's chromium. Usage:
//   node bench/dashboard.mjs [--runs 3] [--budget-kb 120]
// Exits 1 when the transferred JavaScript is over the budget.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { launchBrowser } from "../ui/e2e/browser.mjs";
import { start } from "./servers.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const argv = process.argv.slice(2);
const arg = (name, def) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : def;
};
const runs = Number(arg("runs", "3"));
const budget = Number(arg("budget-kb", "120")) * 1024;

if (!existsSync(path.join(root, "ui/dist/index.html"))) {
  console.error("bench/dashboard: ui/dist is missing; run `npm run build` first.");
  process.exit(1);
}

/** Cairn through its bin launcher (which builds server/dist first when it is missing). */
const startCairn = (dir) => start(process.execPath, [path.join(root, "server/bin/cairn.js"), "serve", "--dir", dir], { timeoutMs: 300_000 });

/**
 * One cold load of the sign-in page in a fresh browser context. For every script: the bytes on
 * the wire as Chromium's network stack reports them (Network.loadingFinished's
 * encodedDataLength: headers + encoded body, what DevTools shows as "transferred"), the encoded
 * body alone, and the decoded size; `idle` marks scripts requested after the load event (the
 * landing page's code, which the sign-in page fetches once it is idle).
 */
async function measure(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Page.enable");
  const scripts = new Map();
  let loaded = false;
  cdp.on("Page.loadEventFired", () => (loaded = true));
  const idleRequests = new Set();
  cdp.on("Network.requestWillBeSent", (e) => {
    if (loaded) idleRequests.add(e.requestId);
  });
  cdp.on("Network.responseReceived", (e) => {
    if (e.type === "Script") scripts.set(e.requestId, { url: e.response.url, encoding: e.response.headers["content-encoding"] ?? e.response.headers["Content-Encoding"] ?? "identity", body: 0, decoded: 0, transferred: 0, idle: idleRequests.has(e.requestId) });
  });
  cdp.on("Network.dataReceived", (e) => {
    const s = scripts.get(e.requestId);
    if (s) {
      s.decoded += e.dataLength;
      s.body += e.encodedDataLength;
    }
  });
  cdp.on("Network.loadingFinished", (e) => {
    const s = scripts.get(e.requestId);
    if (s) s.transferred = e.encodedDataLength;
  });
  await page.goto(`${url}/_/#/login`);
  await page.getByRole("button", { name: "Login" }).waitFor();
  await page.waitForLoadState("networkidle");
  await context.close();
  return [...scripts.values()];
}

const dir = mkdtempSync(path.join(tmpdir(), "cairn-bench-dash-"));
const server = await startCairn(dir);
const browser = await launchBrowser();
try {
  let best = null;
  for (let i = 0; i < runs; i++) {
    const files = await measure(browser, server.url);
    const total = files.reduce((n, f) => n + f.transferred, 0);
    if (!best || total < best.total) best = { total, files };
  }
  const kb = (n) => (n / 1024).toFixed(1);
  console.log("sign-in page JavaScript, as Chromium counts it (cold load, cache disabled):");
  for (const f of best.files) {
    console.log(`  ${new URL(f.url).pathname.padEnd(44)} ${f.encoding.padEnd(8)} transferred ${kb(f.transferred).padStart(7)} KB  body ${kb(f.body).padStart(7)} KB  decoded ${kb(f.decoded).padStart(7)} KB${f.idle ? "  (idle prefetch)" : ""}`);
  }
  const idle = best.files.filter((f) => f.idle);
  const idleKb = idle.reduce((n, f) => n + f.transferred, 0);
  console.log(`  of which until the load event: ${kb(best.total - idleKb)} KB; fetched once idle (the landing page's code): ${kb(idleKb)} KB in ${idle.length} scripts`);
  const sum = (k) => best.files.reduce((n, f) => n + f[k], 0);
  console.log(`  total: ${best.files.length} scripts, transferred ${kb(best.total)} KB (body ${kb(sum("body"))} KB, decoded ${kb(sum("decoded"))} KB); budget ${kb(budget)} KB`);
  if (best.total > budget) process.exitCode = 1;
} finally {
  await browser.close();
  server.child.kill("SIGTERM");
  await new Promise((r) => server.child.once("exit", r));
  rmSync(dir, { recursive: true, force: true });
}
