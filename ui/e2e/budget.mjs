// Initial-load budget: the gzipped size of every script the sign-in page loads.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const SIGN_IN_JS_BUDGET_BYTES = 120 * 1024;
const DIST = fileURLToPath(new URL("../dist/", import.meta.url));

/** Loads the sign-in page and sums the gzipped size of the JS files it requested. */
export async function measureSignInJs(page, url) {
  const scripts = new Set();
  page.on("request", (req) => {
    if (req.resourceType() === "script" || req.url().endsWith(".js")) scripts.add(new URL(req.url()).pathname);
  });
  await page.goto(url);
  await page.getByRole("button", { name: "Login" }).waitFor();
  await page.waitForLoadState("networkidle");
  let total = 0;
  const files = [];
  for (const p of scripts) {
    const rel = p.replace(/^\/_\//, "");
    const bytes = gzipSync(readFileSync(path.join(DIST, rel)), { level: 9 }).length;
    files.push({ file: rel, gzip: bytes });
    total += bytes;
  }
  return { total, files };
}
