// PocketBase's SQLite accepts double-quoted string literals (e.g. `WHERE status = "x"` in a view
// query), which its data directories can contain; better-sqlite3 compiles SQLite with
// SQLITE_DQS=0, which rejects them. Rebuild it from source with SQLite's default (DQS=3) so
// Cairn can read every PocketBase data directory. Runs after `npm install`/`npm ci`; a no-op
// once the build is patched.
import { execSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
let pkgDir;
try {
  pkgDir = path.dirname(require.resolve("better-sqlite3/package.json", { paths: [path.resolve("server")] }));
} catch {
  process.exit(0); // not installed (e.g. a ui-only install)
}
const defines = path.join(pkgDir, "deps", "defines.gypi");
if (!existsSync(defines)) process.exit(0);
const text = readFileSync(defines, "utf8");
if (!text.includes("'SQLITE_DQS=0'")) process.exit(0);

writeFileSync(defines, text.replace("'SQLITE_DQS=0'", "'SQLITE_DQS=3'"));
console.log("cairn: rebuilding better-sqlite3 with SQLITE_DQS=3 (PocketBase compatibility)...");
execSync("npm rebuild better-sqlite3 --build-from-source --foreground-scripts", { stdio: "inherit", cwd: path.resolve(".") });
