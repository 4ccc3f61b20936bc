import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cleanupTempDirs, pbCli, tempDir } from "../../test/support/dataDirs.js";
import { createApp } from "../app.js";
import { verifyPassword } from "../auth/passwords.js";
import { Secret, TOTP } from "otpauth";

afterAll(cleanupTempDirs);

const SERVER_DIR = path.resolve(import.meta.dirname, "../..");
const TSX = path.resolve(SERVER_DIR, "../node_modules/.bin/tsx");

function cairnCli(args: string[], dir: string): { out: string; code: number } {
  const res = spawnSync(TSX, ["src/cli.ts", ...args, "--dir", dir], { cwd: SERVER_DIR, encoding: "utf8" });
  return { out: res.stdout + res.stderr, code: res.status ?? -1 };
}

/**
 * Each step runs on both CLIs over their own data dir; the printed lines must match, but for
 * `ours`: where the reference prints raw SQLite text, Cairn says what happened.
 */
const steps: { args: string[]; ok: boolean; ours?: string }[] = [
  { args: ["admin", "create"], ok: false },
  { args: ["admin", "create", "bad", "123"], ok: false },
  { args: ["admin", "create", "x@example.com", "123"], ok: false },
  { args: ["admin", "create", "x@example.com", "1234567890"], ok: true },
  {
    args: ["admin", "create", "x@example.com", "1234567890"],
    ok: false,
    ours: "Error: An admin with the email x@example.com already exists (to change its password: cairn admin update x@example.com NEWPASSWORD).",
  },
  { args: ["admin", "update", "x@example.com", "12"], ok: false },
  { args: ["admin", "update", "no@example.com", "1234567890"], ok: false },
  { args: ["admin", "update", "x@example.com", "0987654321"], ok: true },
  { args: ["admin", "delete"], ok: false },
  { args: ["admin", "delete", "no@example.com"], ok: true },
  { args: ["admin", "delete", "x@example.com"], ok: false },
  { args: ["admin", "create", "y@example.com", "abcdefghij"], ok: true },
  { args: ["admin", "delete", "x@example.com"], ok: true },
];

describe("cairn admin CLI matches the reference's admin commands", () => {
  it("prints the same messages for the same steps", () => {
    const refDir = tempDir();
    pbCli(["migrate", "up"], refDir);
    const cairnDir = tempDir();
    for (const step of steps) {
      const ref = pbCli(step.args, refDir).trim();
      const ours = cairnCli(step.args, cairnDir);
      expect(ours.out.trim(), step.args.join(" ")).toBe(step.ours ?? ref);
      if (step.ours) expect(ref).toContain("UNIQUE constraint failed");
      // Unlike the reference (which exits 0 on errors), Cairn's exit code says whether the command worked.
      expect(ours.code, step.args.join(" ")).toBe(step.ok ? 0 : 1);
    }
  }, 180_000); // 26 process starts; slow when the machine is busy

  it("stores a password the data directory can verify, and rotates the token key on update", async () => {
    const dir = tempDir();
    expect(cairnCli(["admin", "create", "z@example.com", "1234567890"], dir).code).toBe(0);
    let app = await createApp({ dataDir: dir });
    const before = (await app.admins.findByEmail("z@example.com"))!;
    expect(before.passwordHash.startsWith("$2a$12$")).toBe(true);
    expect(await verifyPassword("1234567890", before.passwordHash)).toBe(true);
    await app.close();
    expect(cairnCli(["admin", "update", "z@example.com", "abcdefghij"], dir).code).toBe(0);
    app = await createApp({ dataDir: dir });
    const after = (await app.admins.findByEmail("z@example.com"))!;
    expect(await verifyPassword("abcdefghij", after.passwordHash)).toBe(true);
    expect(after.tokenKey).not.toBe(before.tokenKey);
    await app.close();
  });

  it("totp-reset removes a locked-out admin's authenticator app", async () => {
    const dir = tempDir();
    expect(cairnCli(["admin", "create", "t@example.com", "1234567890"], dir).code).toBe(0);
    let app = await createApp({ dataDir: dir });
    const admin = (await app.admins.findByEmail("t@example.com"))!;
    const who = { admin: true, info: {}, adminModel: admin };
    const { secret } = await app.adminTotp.setup(who, admin.id);
    await app.adminTotp.confirm(who, admin.id, () => ({ code: new TOTP({ secret: Secret.fromBase32(secret) }).generate() }));
    await app.close();
    const reset = cairnCli(["admin", "totp-reset", "t@example.com"], dir);
    expect(reset).toEqual({ out: "Successfully removed the authenticator app of admin t@example.com!\n", code: 0 });
    app = await createApp({ dataDir: dir });
    expect(((await app.admins.view(who, admin.id)) as { totp?: boolean }).totp).toBeUndefined();
    await app.close();
    expect(cairnCli(["admin", "totp-reset", "t@example.com"], dir)).toEqual({ out: "Admin t@example.com has no authenticator app.\n", code: 0 });
    expect(cairnCli(["admin", "totp-reset", "no@example.com"], dir).code).toBe(1);
    expect(cairnCli(["admin", "totp-reset"], dir).code).toBe(1);
    expect(cairnCli(["admin"], dir).out).toContain("totp-reset");
  }, 180_000); // 6 process starts; slow when the machine is busy

  it("prints help and version", () => {
    const dir = tempDir();
    expect(cairnCli(["--help"], dir).out).toContain("serve");
    expect(cairnCli(["--version"], dir).out).toMatch(/cairn version \d+\.\d+\.\d+/);
    expect(cairnCli(["bogus"], dir).code).toBe(1);
  });
});
