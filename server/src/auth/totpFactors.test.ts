import { afterAll, describe, expect, it } from "vitest";
import { Secret, TOTP } from "otpauth";
import { createApp } from "../app.js";
import { cleanupTempDirs, tempDir } from "../../test/support/dataDirs.js";
import type { Caller } from "./caller.js";

afterAll(cleanupTempDirs);

const KEY = "0123456789abcdef0123456789abcdef";

describe("TOTP secrets at rest", () => {
  it("are sealed with the --encryptionEnv key when set, and still verify", async () => {
    const app = await createApp({ dataDir: tempDir(), encryptionKey: KEY });
    try {
      const admin = await app.admins.insertNew("sealed@example.com", "1234567890");
      const who: Caller = { admin: true, info: {}, adminModel: admin };
      const { secret } = await app.adminTotp.setup(who, admin.id);
      const row = await app.db.get<{ secret: string }>(`SELECT "secret" FROM "_totps" WHERE "recordId" = ?`, [admin.id]);
      expect(row!.secret.startsWith("enc:")).toBe(true);
      expect(row!.secret).not.toContain(secret);
      const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
      await app.adminTotp.confirm(who, admin.id, () => ({ code }));
      expect(((await app.admins.view(who, admin.id)) as { totp?: boolean }).totp).toBe(true);
    } finally {
      await app.close();
    }
  });

  it("are stored plain without a key", async () => {
    const app = await createApp({ dataDir: tempDir() });
    try {
      const admin = await app.admins.insertNew("plain@example.com", "1234567890");
      const { secret } = await app.adminTotp.setup({ admin: true, info: {}, adminModel: admin }, admin.id);
      const row = await app.db.get<{ secret: string }>(`SELECT "secret" FROM "_totps" WHERE "recordId" = ?`, [admin.id]);
      expect(row!.secret).toBe(secret);
    } finally {
      await app.close();
    }
  });
});
