#!/usr/bin/env node
// `npm run build`: builds the dashboard then the server, each stamped with the hash of what
// it was built from, so `npm start` can tell a current build from a stale one.
//   node scripts/build.mjs            build both
//   (imported by start.mjs)           build only the parts whose sources changed
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { inputsHash, isCurrent, PARTS, REPO, writeStamp } from "./buildStamp.mjs";

const npm = process.platform === "win32" ? "npm.cmd" : "npm";

/** Builds the parts that need it (all with force); exits the process when a build fails. */
export function buildParts({ force, say = () => {} }) {
  for (const part of PARTS) {
    // Hashed before building: a source saved during the build leaves the stamp stale, as it should.
    const hash = inputsHash(part);
    if (!force && isCurrent(part, hash)) continue;
    say(`building the ${part.name} (${force ? "npm run build" : "its sources changed since the last build"})...`);
    const res = spawnSync(npm, ["run", "build", "-w", part.workspace], { cwd: REPO, stdio: "inherit" });
    if (res.status !== 0) {
      process.stderr.write(`the ${part.name} build failed (see above)\n`);
      process.exit(res.status || 1);
    }
    writeStamp(part, hash);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) buildParts({ force: true });
