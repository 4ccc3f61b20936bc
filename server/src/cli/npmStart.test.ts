import { spawn } from "node:child_process";
import { appendFileSync, cpSync, existsSync, readFileSync, statSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cleanupTempDirs, tempDir } from "../../test/support/dataDirs.js";

afterAll(cleanupTempDirs);

const REPO_DIR = path.resolve(import.meta.dirname, "../../..");

/**
 * A checkout to run `npm start` in: the repository's scripts, server and dashboard sources, with
 * its node_modules linked. The dashboard's build is a stand-in that logs each run to builds.log
 * (vite would add a minute per build and is not what is under test); the server builds for real.
 */
function checkout(): string {
  const root = tempDir("cairn-start-");
  for (const entry of ["package.json", "package-lock.json", "README.md", "scripts"]) cpSync(path.join(REPO_DIR, entry), path.join(root, entry), { recursive: true });
  for (const entry of ["bin", "src", "package.json", "tsconfig.json", "tsconfig.build.json"]) {
    cpSync(path.join(REPO_DIR, "server", entry), path.join(root, "server", entry), { recursive: true });
  }
  const skip = new Set(["node_modules", "dist", ".artifacts"]);
  cpSync(path.join(REPO_DIR, "ui"), path.join(root, "ui"), { recursive: true, filter: (src) => !skip.has(path.basename(src)) });
  const uiPkg = JSON.parse(readFileSync(path.join(root, "ui/package.json"), "utf8"));
  uiPkg.scripts.build = `node -e "const fs=require('fs');fs.mkdirSync('dist',{recursive:true});fs.writeFileSync('dist/index.html','<!doctype html>');fs.appendFileSync('../builds.log','ui\\n')"`;
  writeFileSync(path.join(root, "ui/package.json"), JSON.stringify(uiPkg, null, 2));
  symlinkSync(path.join(REPO_DIR, "node_modules"), path.join(root, "node_modules"));
  return root;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  /** GET /api/health's status while the server ran, when it started. */
  health?: number;
}

/** `npm start -- ARGS` in the checkout; once the server says it started, asks /api/health and stops it with SIGTERM. */
function npmStart(root: string, args: string[]): Promise<Run> {
  // Without the npm_* variables of an outer `npm test -w server`, which would steer this npm.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith("npm_")));
  const child = spawn("npm", ["start", "--", ...args], { cwd: root, env: { ...env, npm_config_update_notifier: "false" }, detached: true });
  const run: Run = { code: null, stdout: "", stderr: "" };
  child.stderr.on("data", (d) => (run.stderr += d));
  let asked = false;
  return new Promise((resolve) => {
    child.stdout.on("data", async (d) => {
      run.stdout += d;
      const started = /Server started at (http:\/\/\S+)/.exec(run.stdout);
      if (started && !asked) {
        asked = true;
        run.health = (await fetch(`${started[1]}/api/health`)).status;
        process.kill(-child.pid!, "SIGTERM");
      }
    });
    child.on("exit", (code) => {
      run.code = code;
      resolve(run);
    });
  });
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const uiBuilds = (root: string) => (existsSync(path.join(root, "builds.log")) ? readFileSync(path.join(root, "builds.log"), "utf8").split("\n").filter(Boolean).length : 0);
/** The parts a run built, from its "building the ..." lines. */
const built = (run: Run) => ["dashboard", "server"].filter((part) => run.stderr.includes(`building the ${part}`));
const serverBuiltAt = (root: string) => statSync(path.join(root, "server/dist/cli.js")).mtimeMs;

describe("npm start", () => {
  it("reports a busy port before building, builds only what changed, and passes flags through to serve", async () => {
    const root = checkout();
    const dir = path.join(root, "data");

    // A busy port, on a checkout that was never built: reported at once, nothing built.
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const busyPort = (blocker.address() as { port: number }).port;
    try {
      const busy = await npmStart(root, ["--http", `127.0.0.1:${busyPort}`, "--dir", dir]);
      expect(busy.code).toBe(1);
      expect(busy.stderr).toContain(`127.0.0.1:${busyPort} is already in use`);
      expect(busy.stderr).toContain("npm start -- --http 127.0.0.1:8091");
      expect(existsSync(path.join(root, "ui/dist"))).toBe(false);
      expect(existsSync(path.join(root, "server/dist"))).toBe(false);
    } finally {
      blocker.close();
    }

    // First start: builds both, then serves on the address given after `--`.
    const port = await freePort();
    const first = await npmStart(root, ["--http", `127.0.0.1:${port}`, "--dir", dir]);
    expect(built(first)).toEqual(["dashboard", "server"]);
    expect(first.health).toBe(200);
    expect(first.stdout).toContain(`Server started at http://127.0.0.1:${port}`);
    expect(uiBuilds(root)).toBe(1);
    const serverBuild = serverBuiltAt(root);
    // This machine's Node 20 is past its end of life: said on start, not refused.
    if (Number(process.versions.node.split(".")[0]) < 22) expect(first.stderr).toContain("is past its end of life");

    // Nothing changed, or a file touched without a change: no build at all.
    utimesSync(path.join(root, "ui/src/main.tsx"), new Date(), new Date());
    utimesSync(path.join(root, "server/src/cli.ts"), new Date(), new Date());
    const second = await npmStart(root, ["serve", "--http", `127.0.0.1:${port}`, "--dir", dir]);
    expect([second.health, built(second), uiBuilds(root)]).toEqual([200, [], 1]);
    expect(serverBuiltAt(root)).toBe(serverBuild);

    // A dashboard source changed: the dashboard is built again, the server is not.
    appendFileSync(path.join(root, "ui/src/main.tsx"), "\n// changed\n");
    const third = await npmStart(root, ["--http", `127.0.0.1:${port}`, "--dir", dir]);
    expect([third.health, built(third), uiBuilds(root)]).toEqual([200, ["dashboard"], 2]);
    expect(serverBuiltAt(root)).toBe(serverBuild);

    // A server source changed: the server is built again.
    appendFileSync(path.join(root, "server/src/version.ts"), "\n// changed\n");
    const fourth = await npmStart(root, ["--http", `127.0.0.1:${port}`, "--dir", dir]);
    expect([fourth.health, built(fourth), uiBuilds(root)]).toEqual([200, ["server"], 2]);
    expect(serverBuiltAt(root)).toBeGreaterThan(serverBuild);
  }, 600_000);
});
