import { spawn, spawnSync } from "node:child_process";
import pg from "pg";
import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataDirWithRows } from "../../test/support/bulkRows.js";
import { cairnDataDir, cleanupTempDirs, tempDir } from "../../test/support/dataDirs.js";
import { freshDatabase } from "../../test/support/postgres.js";

const SERVER_DIR = path.resolve(import.meta.dirname, "../..");
const TSX = path.resolve(SERVER_DIR, "../node_modules/.bin/tsx");

function cairn(args: string[]): { stdout: string; stderr: string; code: number | null } {
  const res = spawnSync(TSX, [path.join(SERVER_DIR, "src/cli.ts"), ...args], { cwd: SERVER_DIR, encoding: "utf8", timeout: 90_000 });
  return { stdout: res.stdout, stderr: res.stderr, code: res.status };
}

/** The URL with a password (the test cluster trusts loopback, so any password signs in). */
const withPassword = (url: string) => url.replace("postgres@", "postgres:s3cret-pw@");

describe("cairn db copy", () => {
  let source: string;
  let url: string;

  beforeAll(async () => {
    source = await cairnDataDir();
    url = withPassword(await freshDatabase());
  });
  afterAll(() => cleanupTempDirs());

  it("copies a data directory into PostgreSQL and back, printing progress and a summary, never the password", () => {
    const into = cairn(["db", "copy", "--from", source, "--to", url]);
    expect(into.code, into.stderr).toBe(0);
    expect(into.stdout).toMatch(/^Copied \d+ tables \(\d+ rows\)\.\n$/);
    // Not a terminal: one plain line per table.
    expect(into.stderr).toContain("copied _admins: 1 rows\n");
    expect(into.stderr).toContain("copied users: 0 rows\n");
    expect(into.stdout + into.stderr).not.toContain("s3cret-pw");

    const target = path.join(tempDir(), "back");
    const back = cairn(["db", "copy", "--from", url, "--to", target]);
    expect(back.code, back.stderr).toBe(0);
    expect(readdirSync(target).sort()).toEqual(["data.db", "logs.db"]);
    // The copied data directory serves the admin.
    const admin = cairn(["admin", "update", "admin@example.com", "0987654321", "--dir", target]);
    expect(admin.stdout).toBe("Successfully changed admin admin@example.com password!\n");
  }, 120_000);

  it("refuses a non-empty target with one redacted line and a non-zero exit code", () => {
    const again = cairn(["db", "copy", "--from", source, "--to", url]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^Error: the target database is not empty \(it has "_admins"\): cairn db copy writes into an empty database only\n$/);
    const intoDir = cairn(["db", "copy", "--from", url, "--to", source]);
    expect(intoDir.code).toBe(1);
    expect(intoDir.stderr).toMatch(/already holds data\.db and logs\.db/);
    expect(again.stderr + intoDir.stderr).not.toContain("s3cret-pw");
  }, 120_000);

  it("rewrites one progress line in place on a terminal", async () => {
    const target = withPassword(await freshDatabase());
    // `script` runs the command on a pseudo-terminal (stderr is a TTY there).
    const command = [TSX, path.join(SERVER_DIR, "src/cli.ts"), "db", "copy", "--from", source, "--to", target].map((a) => `'${a}'`).join(" ");
    const res = spawnSync("script", ["-qec", command, "/dev/null"], { cwd: SERVER_DIR, encoding: "utf8", timeout: 90_000 });
    expect(res.status, res.stdout).toBe(0);
    expect(res.stdout).toContain("\r\x1b[Kcopying _admins: 1/1 rows");
    expect(res.stdout).not.toContain("copied _admins");
    // The line is cleared before the summary.
    expect(res.stdout).toMatch(/\r\x1b\[KCopied \d+ tables/);
  }, 120_000);

  /** A copy of the source with 200 000 users (copies of it take seconds), made once. */
  let big: string | undefined;
  const bigDataDir = () =>
    (big ??= dataDirWithRows(source, "INSERT INTO users (id, username, email, tokenKey, passwordHash) VALUES (?, ?, ?, ?, 'x')", 200_000, (i) => [
      `u${String(i).padStart(14, "0")}`, `user${i}`, `u${i}@example.com`, `key${i}`,
    ]));

  /** Runs `cairn db copy` and SIGKILLs it (its process group: tsx runs the CLI in a child) while it copies the users. */
  async function killedCopy(from: string, to: string): Promise<void> {
    const child = spawn(TSX, [path.join(SERVER_DIR, "src/cli.ts"), "db", "copy", "--from", from, "--to", to], { cwd: SERVER_DIR, stdio: ["ignore", "pipe", "pipe"], detached: true });
    let stderr = "";
    // The system tables are in; the 200 000 users are being copied.
    await new Promise<void>((resolve) => child.stderr.on("data", (d) => (stderr += d) && stderr.includes("copied _params") && resolve()));
    await new Promise((r) => setTimeout(r, 300));
    expect(stderr).not.toContain("copied users");
    const exited = new Promise((r) => child.once("exit", r));
    process.kill(-child.pid!, "SIGKILL");
    await exited;
  }

  it("leaves the database empty when the copy is killed halfway", async () => {
    const target = await freshDatabase();
    await killedCopy(bigDataDir(), target);
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    try {
      // The server rolls the transaction back when its connection goes: nothing is left.
      for (let i = 0; i < 50; i++) {
        const open = await client.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()");
        if (open.rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect((await client.query("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'")).rows[0].n).toBe(0);
    } finally {
      await client.end();
    }
  }, 120_000);

  it("writes no data directory when the copy out is killed halfway; the next copy clears what it left", async () => {
    const from = withPassword(await freshDatabase());
    expect(cairn(["db", "copy", "--from", bigDataDir(), "--to", from]).code).toBe(0);
    const parent = tempDir();
    const target = path.join(parent, "out");
    await killedCopy(from, target);
    expect(readdirSync(parent)).toEqual([expect.stringMatching(/^\.out\.copy-\d+-/)]);
    const again = cairn(["db", "copy", "--from", from, "--to", target]);
    expect(again.code, again.stderr).toBe(0);
    expect(readdirSync(parent)).toEqual(["out"]);
    expect(readdirSync(target).sort()).toEqual(["data.db", "logs.db"]);
  }, 180_000);

  it("explains its usage", () => {
    expect(cairn(["db", "copy", "--from", source, "--to", tempDir()])).toMatchObject({ code: 1, stdout: expect.stringMatching(/^Error: one of --from and --to must be a PostgreSQL URL/) });
    expect(cairn(["db", "copy", "--from", source])).toMatchObject({ code: 1, stdout: expect.stringMatching(/^Error: cairn db copy needs --from and --to/) });
    expect(cairn(["db", "--help"])).toMatchObject({ code: 0, stdout: expect.stringContaining("cairn db copy --from DIR --to postgres://") });
    expect(cairn(["db", "copy", "--from", source, "--to", "postgres://u:pw@127.0.0.1:1/x"]).stderr).toMatch(/^Error: cannot open the PostgreSQL database postgres:\/\/u:\*\*\*@127\.0\.0\.1:1\/x/);
  }, 120_000);
});
