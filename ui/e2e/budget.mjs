// Initial-load budget: the gzipped size of every script the sign-in page loads, split into the
// page's own (requested before its load event) and the landing page's code it fetches once idle.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const SIGN_IN_JS_BUDGET_BYTES = 120 * 1024;
/** The landing page's code, fetched once the sign-in page is idle. */
export const IDLE_PREFETCH_BUDGET_BYTES = 30 * 1024;
const DIST = fileURLToPath(new URL("../dist/", import.meta.url));

/**
 * Loads the sign-in page and sums the gzipped size of the JS files it requested, before and after
 * its load event. `until` (paths requested so far => boolean) is waited for, up to 15 s, before
 * the network settles: the idle prefetch comes in two steps, and on a loaded machine the pause
 * between them can outlast "networkidle".
 */
export async function measureSignInJs(page, url, { until = () => true } = {}) {
  const scripts = new Map();
  let loaded = false;
  page.on("load", () => (loaded = true));
  page.on("request", (req) => {
    const p = new URL(req.url()).pathname;
    if ((req.resourceType() === "script" || p.endsWith(".js")) && !scripts.has(p)) scripts.set(p, loaded);
  });
  await page.goto(url);
  await page.getByRole("button", { name: "Login" }).waitFor();
  const deadline = Date.now() + 15_000;
  while (!until([...scripts.keys()]) && Date.now() < deadline) await page.waitForTimeout(100);
  await page.waitForLoadState("networkidle");
  let total = 0;
  const files = [];
  for (const [p, idle] of scripts) {
    const rel = p.replace(/^\/_\//, "");
    const bytes = gzipSync(readFileSync(path.join(DIST, rel)), { level: 9 }).length;
    files.push({ file: rel, gzip: bytes, idle });
    total += bytes;
  }
  return { total, files };
}
