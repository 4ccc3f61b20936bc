import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseArgs } from "./args.js";
import { readWorkersFlag } from "./flags.js";
import { createApp } from "../app.js";
import { cleanupTempDirs, PB_BIN, PB_FLAGS, tempDir } from "../../test/support/dataDirs.js";

afterAll(cleanupTempDirs);

const SERVER_DIR = path.resolve(import.meta.dirname, "../..");
const REPO_DIR = path.resolve(SERVER_DIR, "..");
const TSX = path.resolve(REPO_DIR, "node_modules/.bin/tsx");

function cairn(args: string[], cwd = SERVER_DIR): { out: string; code: number | null } {
  const res = spawnSync(TSX, [path.join(SERVER_DIR, "src/cli.ts"), ...args], { cwd, encoding: "utf8", timeout: 60_000 });
  return { out: res.stdout + res.stderr, code: res.status };
}

/** The reference's output; compare its last line: run from under the temp dir (a CI clone in /tmp) it is in dev mode and logs SQL first. */
function reference(args: string[]): string {
  const res = spawnSync(PB_BIN, args, { encoding: "utf8", timeout: 30_000 });
  return res.stdout + res.stderr;
}

describe("cairn command line", () => {
  it("refuses an unknown flag with the reference's message, and accepts the reference's own flags", () => {
    const dir = tempDir();
    const bad = cairn(["admin", "create", "a@example.com", "1234567890", "--dir", dir, "--passwrod", "x"]);
    expect(bad.code).toBe(1);
    expect(bad.out.trim()).toBe("Error: unknown flag: --passwrod");
    expect(existsSync(path.join(dir, "data.db"))).toBe(false);
    // The reference may print its slow-query log lines (`[8.00ms] SELECT ...`) first on a busy machine: its message is the last line.
    expect(reference(["admin", "create", "a@example.com", "1234567890", "--dir", tempDir(), "--passwrod", "x"]).trim().split("\n").at(-1)).toBe(bad.out.trim());

    const ok = cairn(["admin", "create", "a@example.com", "1234567890", "--dir", dir, ...PB_FLAGS]);
    expect(ok).toEqual({ out: "Successfully created new admin a@example.com!\n", code: 0 });
  }, 120_000);

  it("names a one-dash unknown flag as written, as the reference does", () => {
    const args = ["admin", "create", "a@example.com", "1234567890", "--dir", tempDir(), "-x"];
    const res = cairn(args);
    expect(res).toEqual({ code: 1, out: "Error: unknown shorthand flag: 'x' in -x\n" });
    expect(reference(args).trim().split("\n").at(-1)).toBe(res.out.trim());
    expect(cairn(["serve", "--x"])).toEqual({ code: 1, out: "Error: unknown flag: --x\n" });
  }, 60_000);

  it("refuses a value flag written without its value instead of using the default", () => {
    const dir = tempDir();
    // Before, `serve --http` quietly listened on 127.0.0.1:8090.
    const res = cairn(["serve", "--dir", dir, "--http"]);
    expect(res).toEqual({ code: 1, out: "Error: flag needs an argument: --http\n" });
    expect(reference(["serve", "--dir", tempDir(), "--http"]).trim().split("\n").at(-1)).toBe(res.out.trim());
    expect(existsSync(path.join(dir, "data.db"))).toBe(false);
  }, 60_000);

  it("prints each command's own help", () => {
    const admin = cairn(["admin", "--help"]);
    expect(admin.code).toBe(0);
    expect(admin.out).toContain("cairn admin [command]");
    expect(admin.out).not.toContain("typegen");
    const serve = cairn(["serve", "-h"]);
    expect(serve.code).toBe(0);
    expect(serve.out).toContain("cairn serve [--http HOST:PORT]");
    expect(serve.out).toContain("--readWorkers");
  }, 60_000);

  it("typegen says which server it could not reach, and why", async () => {
    const probe: Server = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.address() as { port: number };
    await new Promise((resolve) => probe.close(resolve));
    const dead = cairn(["typegen", "--url", `http://127.0.0.1:${port}`, "--email", "a@example.com", "--password", "1234567890"]);
    expect(dead).toEqual({ code: 1, out: `Error: cannot reach http://127.0.0.1:${port} (connection refused: is the server running at that address?)\n` });
    const typo = cairn(["typegen", "--url", "127.0.0.1:8090", "--email", "a@example.com", "--password", "1234567890"]);
    expect(typo).toEqual({ code: 1, out: "Error: --url 127.0.0.1:8090 is not a URL: give the server's address, e.g. --url http://127.0.0.1:8090\n" });
  }, 60_000);

  it("typegen --out creates the file's folder (the README's example, run from a checkout's root)", async () => {
    const root = tempDir();
    const app = await createApp({ dataDir: path.join(root, "cairn_data") });
    await app.close();
    const res = cairn(["typegen", "--dir", "cairn_data", "--out", "src/pocketbase-types.ts"], root);
    expect(res).toEqual({ code: 0, out: expect.stringMatching(/^Wrote types for \d+ collections to src\/pocketbase-types.ts.\n$/) });
    expect(readFileSync(path.join(root, "src/pocketbase-types.ts"), "utf8")).toContain("export type TypedPocketBase");
  }, 60_000);

  it("explains a --dir that is a file, without touching it", () => {
    const file = path.join(tempDir(), "notes.txt");
    writeFileSync(file, "keep me");
    for (const args of [["serve", "--dir", file, "--http", "127.0.0.1:1"], ["admin", "create", "a@example.com", "1234567890", "--dir", file]]) {
      const res = cairn(args);
      expect(res.code).toBe(1);
      expect(res.out).toBe(`Error: --dir ${file} is a file, not a directory: pass the path of a data directory (it is created when missing).\n`);
    }
    const below = cairn(["admin", "delete", "a@example.com", "--dir", path.join(file, "data")]);
    expect(below).toEqual({ code: 1, out: `Error: --dir ${path.join(file, "data")}: a parent of this path is a file, not a directory.\n` });
  }, 120_000);

  it("takes --readWorkers N (0 turns the read workers off) and refuses anything but a small whole number", () => {
    expect(readWorkersFlag(parseArgs(["serve", "--readWorkers", "0"]).flags)).toBe(0);
    expect(readWorkersFlag(parseArgs(["serve", "--readWorkers=3"]).flags)).toBe(3);
    expect(readWorkersFlag(parseArgs(["serve"]).flags)).toBeUndefined();
    for (const v of ["-1", "1.5", "two", "65", ""]) expect(() => readWorkersFlag({ readWorkers: v })).toThrow("invalid --readWorkers value");
    expect(() => readWorkersFlag(parseArgs(["serve", "--readWorkers"]).flags)).toThrow("invalid --readWorkers value");

    const dir = tempDir();
    const res = cairn(["serve", "--dir", dir, "--readWorkers", "two", "--http", "127.0.0.1:1"]);
    expect(res).toEqual({ code: 1, out: 'Error: invalid --readWorkers value "two": a number of worker threads from 0 (off) to 64\n' });
    expect(existsSync(path.join(dir, "data.db"))).toBe(false);
  }, 60_000);

  it("on a busy port says which flag picks another address, and exits", async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const { port } = blocker.address() as { port: number };
    try {
      const res = cairn(["serve", "--dir", tempDir(), "--http", `127.0.0.1:${port}`]);
      expect(res.code).toBe(1);
      expect(res.out).toContain(`Error: 127.0.0.1:${port} is already in use`);
      expect(res.out).toContain("Pick another address with --http, e.g. --http 127.0.0.1:8091");
    } finally {
      blocker.close();
    }
  }, 60_000);
});

describe("the cairn bin launcher (bin/cairn.js)", () => {
  it("builds the server on first use when dist/ is missing (a fresh clone), then runs it", () => {
    // A copy of the server package without dist/, resolving packages from the repository's node_modules.
    const root = tempDir("cairn-clone-");
    const server = path.join(root, "server");
    for (const entry of ["bin", "src", "package.json", "tsconfig.json", "tsconfig.build.json"]) {
      cpSync(path.join(SERVER_DIR, entry), path.join(server, entry), { recursive: true });
    }
    symlinkSync(path.join(REPO_DIR, "node_modules"), path.join(root, "node_modules"));
    const bin = path.join(server, "bin", "cairn.js");

    const first = spawnSync(process.execPath, [bin, "--help"], { cwd: root, encoding: "utf8", timeout: 240_000 });
    expect(first.stderr).toContain("cairn: building the server");
    expect(first.status).toBe(0);
    expect(first.stdout).toContain("cairn [command]");
    expect(existsSync(path.join(server, "dist", "cli.js"))).toBe(true);

    // Built and up to date: no second build.
    const second = spawnSync(process.execPath, [bin, "--version"], { cwd: root, encoding: "utf8", timeout: 60_000 });
    expect(second.stderr).toBe("");
    expect(second.stdout).toMatch(/^cairn version /);
    expect(second.status).toBe(0);
  }, 300_000);
});
