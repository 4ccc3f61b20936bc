// What each built part of the repository is made from, and whether its build is current: a
// build records the hash of its inputs (paths and contents, so a touched but unchanged file
// costs nothing and a `git checkout` of other content always counts) in a stamp file in its
// output; the build is current while that hash still matches.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Folders that are outputs or caches, never inputs. */
const SKIP = new Set(["node_modules", "dist", ".vite", ".artifacts", "coverage"]);

/**
 * The parts `npm run build` makes, in build order. Inputs are files or folders relative to the
 * repository; the dashboard's build also reads the README (its docs page) and the server's version.
 */
export const PARTS = [
  {
    name: "dashboard",
    workspace: "ui",
    inputs: ["ui", "README.md", "server/package.json", "package-lock.json"],
    output: "ui/dist/index.html",
    stamp: "ui/dist/.build-stamp",
  },
  {
    name: "server",
    workspace: "server",
    inputs: ["server/src", "server/package.json", "server/tsconfig.json", "server/tsconfig.build.json", "package-lock.json"],
    output: "server/dist/cli.js",
    stamp: "server/dist/.build-stamp",
  },
];

/** Every file under an input, relative to the repository. */
function inputFiles(rel) {
  const abs = path.join(REPO, rel);
  if (!existsSync(abs)) return [];
  if (!statSync(abs).isDirectory()) return [rel];
  return readdirSync(abs, { withFileTypes: true })
    .filter((e) => !SKIP.has(e.name))
    .flatMap((e) => (e.isDirectory() ? inputFiles(path.join(rel, e.name)) : e.isFile() ? [path.join(rel, e.name)] : []));
}

/** The hash of a part's inputs: each file's path and content. */
export function inputsHash(part) {
  const hash = createHash("sha256");
  for (const file of part.inputs.flatMap(inputFiles).sort()) {
    hash.update(file).update("\0").update(readFileSync(path.join(REPO, file))).update("\0");
  }
  return hash.digest("hex");
}

/** True when the part's output exists and was built from inputs with this hash. */
export function isCurrent(part, hash) {
  const stamp = path.join(REPO, part.stamp);
  return existsSync(path.join(REPO, part.output)) && existsSync(stamp) && readFileSync(stamp, "utf8").trim() === hash;
}

export function writeStamp(part, hash) {
  writeFileSync(path.join(REPO, part.stamp), hash + "\n");
}
