import { afterAll, describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import path from "node:path";
import { adminToken, call } from "../../test/support/client.js";
import { cairnDataDir, cleanupTempDirs, referenceDataDir, ADMIN_EMAIL } from "../../test/support/dataDirs.js";
import { startCairn, startReference } from "../../test/support/servers.js";
import { extensionDefaults } from "../settings/extensions.js";
import { defaultSettings } from "../settings/defaults.js";

afterAll(cleanupTempDirs);

/** sqlite_master with whitespace folded, so formatting differences in CREATE text don't count. */
function schemaOf(file: string): string[] {
  const db = new Database(file, { readonly: true });
  try {
    const rows = db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name").all() as {
      type: string; name: string; tbl_name: string; sql: string | null;
    }[];
    return rows.map((r) => `${r.type} ${r.name} ${r.tbl_name} ${(r.sql ?? "").replace(/\s+/g, " ").replace(/\( /g, "(").replace(/ \)/g, ")")}`);
  } finally {
    db.close();
  }
}

function rows(file: string, sql: string): unknown[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare(sql).all();
  } finally {
    db.close();
  }
}

describe("data directory compatibility with PocketBase v0.22", () => {
  it("creates the same system tables, indexes, migrations and default collection as the reference", async () => {
    const pbDir = referenceDataDir();
    const ref = await startReference(pbDir); // serve creates logs.db
    await ref.stop();
    const cairnDir = await cairnDataDir();

    // Plus Cairn's own sign-in tables (systemSchema.ts SIGN_IN_TABLES; PocketBase ignores them).
    const ours = /^(table|index) _(otps|mfas|totps)(_record_idx)? /;
    expect(schemaOf(path.join(cairnDir, "data.db")).filter((line) => !ours.test(line))).toEqual(schemaOf(path.join(pbDir, "data.db")));
    expect(schemaOf(path.join(cairnDir, "data.db")).filter((line) => ours.test(line))).toHaveLength(6);
    expect(schemaOf(path.join(cairnDir, "logs.db"))).toEqual(schemaOf(path.join(pbDir, "logs.db")));
    const migrations = "SELECT file FROM _migrations ORDER BY file";
    expect(rows(path.join(cairnDir, "data.db"), migrations)).toEqual(rows(path.join(pbDir, "data.db"), migrations));
    expect(rows(path.join(cairnDir, "logs.db"), migrations)).toEqual(rows(path.join(pbDir, "logs.db"), migrations));
    const collections = "SELECT id, system, type, name, schema, indexes, listRule, viewRule, createRule, updateRule, deleteRule, options FROM _collections";
    const normalizeJson = (list: unknown[]) =>
      (list as Record<string, unknown>[]).map((r) => ({ ...r, schema: JSON.parse(r.schema as string), indexes: JSON.parse(r.indexes as string), options: JSON.parse(r.options as string) }));
    expect(normalizeJson(rows(path.join(cairnDir, "data.db"), collections))).toEqual(normalizeJson(rows(path.join(pbDir, "data.db"), collections)));
  });

  it("stores default settings identical to the reference's (secrets aside)", async () => {
    const pbDir = referenceDataDir();
    const cairnDir = await cairnDataDir();
    const read = (dir: string) => {
      const [row] = rows(path.join(dir, "data.db"), "SELECT value FROM _params WHERE key = 'settings'") as { value: string }[];
      const s = JSON.parse(row!.value) as Record<string, { secret?: string }>;
      for (const v of Object.values(s)) if (v && typeof v.secret === "string" && v.secret.length === 50) v.secret = "<secret>";
      return s;
    };
    // Plus Cairn's groups beyond v0.22 at their defaults (PocketBase v0.22 ignores them).
    // And meta.otpTemplate (the OTP mail, beyond v0.22).
    const ref = read(pbDir) as Record<string, Record<string, unknown>>;
    expect(read(cairnDir)).toEqual({ ...ref, ...extensionDefaults(), meta: { ...ref.meta, otpTemplate: defaultSettings().meta.otpTemplate } });
  });

  it("opens a reference data directory with its admins, settings, tokens and logs intact", async () => {
    const dir = referenceDataDir();
    const ref = await startReference(dir);
    const refToken = await adminToken(ref);
    const patched = await call(ref, { method: "PATCH", path: "/api/settings", token: refToken, body: { meta: { appName: "MadeByReference" } } });
    expect(patched.status).toBe(200);
    await call(ref, { path: "/api/admins", token: refToken });
    await new Promise((r) => setTimeout(r, 2500)); // the reference writes logs in batches
    await ref.stop();

    const cairn = await startCairn(dir);
    try {
      // A token minted by the reference validates on Cairn for the same data directory.
      const list = await call(cairn, { path: "/api/admins", token: refToken });
      expect(list.status).toBe(200);
      expect((list.body as { items: { email: string }[] }).items.map((a) => a.email)).toEqual([ADMIN_EMAIL]);
      const token = await adminToken(cairn);
      const settings = await call(cairn, { path: "/api/settings", token });
      expect((settings.body as { meta: { appName: string } }).meta.appName).toBe("MadeByReference");
      const logs = await call(cairn, { path: "/api/logs?filter=" + encodeURIComponent("data.url = '/api/admins'"), token });
      expect(logs.status).toBe(200);
      expect((logs.body as { items: unknown[] }).items.length).toBeGreaterThanOrEqual(1);
    } finally {
      await cairn.stop();
    }
  });

  it("writes a data directory the reference opens without re-applying migrations", async () => {
    const dir = await cairnDataDir();
    const cairn = await startCairn(dir);
    const cairnToken = await adminToken(cairn);
    const patched = await call(cairn, { method: "PATCH", path: "/api/settings", token: cairnToken, body: { meta: { appName: "MadeByCairn" } } });
    expect(patched.status).toBe(200);
    await cairn.stop();
    const before = rows(path.join(dir, "data.db"), "SELECT file, applied FROM _migrations ORDER BY file");

    const ref = await startReference(dir);
    try {
      const list = await call(ref, { path: "/api/admins", token: cairnToken });
      expect(list.status).toBe(200);
      const token = await adminToken(ref);
      const settings = await call(ref, { path: "/api/settings", token });
      expect((settings.body as { meta: { appName: string } }).meta.appName).toBe("MadeByCairn");
      const users = await call(ref, { path: "/api/collections/users", token });
      expect(users.status).toBe(200);
    } finally {
      await ref.stop();
    }
    expect(rows(path.join(dir, "data.db"), "SELECT file, applied FROM _migrations ORDER BY file")).toEqual(before);
  });
});
