#!/usr/bin/env node
// The `cairn` command. npm links it at install time, before server/dist exists, so in a
// repository checkout it builds the server (tsc) when the build is missing or older than the
// sources, then runs the built CLI. An installed package ships dist/ only and just runs it.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const cli = path.join(root, "dist", "cli.js");
const src = path.join(root, "src");

/** The newest modification time of the sources that go into dist (tests excluded). */
function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(file));
    else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")) newest = Math.max(newest, statSync(file).mtimeMs);
  }
  return newest;
}

function needsBuild() {
  if (!existsSync(cli)) return true;
  if (!existsSync(src)) return false;
  return newestSource(src) > statSync(cli).mtimeMs;
}

function build() {
  let tsc;
  try {
    tsc = createRequire(path.join(root, "package.json")).resolve("typescript/bin/tsc");
  } catch {
    process.stderr.write(`cairn: ${cli} is missing and TypeScript is not installed to build it; run \`npm install\` then \`npm run build\`.\n`);
    process.exit(1);
  }
  process.stderr.write("cairn: building the server (first run or sources changed)...\n");
  const res = spawnSync(process.execPath, [tsc, "-p", "tsconfig.build.json"], { cwd: root, stdio: ["ignore", 2, 2] });
  if (res.status !== 0 || !existsSync(cli)) {
    process.stderr.write("cairn: the build failed (see above); fix it or run `npm run build -w server`.\n");
    process.exit(1);
  }
}

if (needsBuild()) build();
await import(pathToFileURL(cli).href);
