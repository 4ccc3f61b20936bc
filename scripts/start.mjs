#!/usr/bin/env node
// `npm start [-- serve flags]`: checks the listen address, builds only what changed since the
// last build (seconds when nothing did), then runs `cairn serve` with the given flags.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildParts } from "./build.mjs";
import { REPO } from "./buildStamp.mjs";
import { httpFlag, listenProblem } from "./portCheck.mjs";

const say = (s) => process.stderr.write(`npm start: ${s}\n`);
// `npm start -- serve --http ...` means the same as without the word.
const args = process.argv.slice(2);
if (args[0] === "serve") args.shift();

const major = Number(process.versions.node.split(".")[0]);
if (major < 22) {
  say(`Node.js ${process.versions.node} is past its end of life: Cairn runs on it but supports Node.js 22.13+ and 24+ (the AWS SDK drops Node 20 in January 2027).`);
}

const addr = httpFlag(args);
if (addr === undefined) {
  say("--http needs an address: npm start -- --http 127.0.0.1:8091");
  process.exit(1);
}
const problem = await listenProblem(addr);
if (problem === "EADDRINUSE" || problem === "EACCES") {
  const why = problem === "EADDRINUSE" ? "is already in use (another Cairn or PocketBase running?)" : "needs more permissions (a port below 1024)";
  say(`${addr} ${why}. Pick another address: npm start -- --http 127.0.0.1:8091`);
  process.exit(1);
}

buildParts({ force: false, say });

// The CLI reads its arguments from process.argv; run it in this process so signals reach it directly.
const cli = path.join(REPO, "server", "dist", "cli.js");
process.argv = [process.argv[0], cli, "serve", ...args];
await import(pathToFileURL(cli).href);
