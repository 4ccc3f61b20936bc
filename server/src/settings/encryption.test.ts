import { spawn } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import path from "node:path";
import { createApp } from "../app.js";
import { adminToken, call } from "../../test/support/client.js";
import { cleanupTempDirs, copyDataDir, PB_BIN, PB_FLAGS, referenceDataDir } from "../../test/support/dataDirs.js";
import { freePort, waitForHealth } from "../../test/support/ports.js";
import type { RunningServer } from "../../test/support/servers.js";
import { decryptText, encryptText } from "./encryption.js";

/**
 * Settings encrypted with PocketBase's `--encryptionEnv`: a data directory whose settings
 * the reference binary encrypted opens in Cairn, and one Cairn encrypted opens in the
 * binary, both with the same key in the same environment variable.
 */
const KEY = "0123456789abcdef0123456789abcdef";
const SERVER_DIR = path.resolve(import.meta.dirname, "../..");
const TSX = path.resolve(SERVER_DIR, "../node_modules/.bin/tsx");
const ENV = "CAIRN_TEST_SETTINGS_KEY";

async function startReferenceWithKey(dataDir: string, withKey: boolean): Promise<RunningServer & { output: () => string }> {
  const port = await freePort();
  const args = ["serve", "--dir", dataDir, "--http", `127.0.0.1:${port}`, ...PB_FLAGS, ...(withKey ? ["--encryptionEnv", ENV] : [])];
  const child = spawn(PB_BIN, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, [ENV]: KEY } });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url);
  return {
    name: "reference",
    url,
    dataDir,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

const storedSettings = (dir: string): string => {
  const db = new Database(path.join(dir, "data.db"), { readonly: true });
  try {
    return (db.prepare("SELECT value FROM _params WHERE key = 'settings'").get() as { value: string }).value;
  } finally {
    db.close();
  }
};

afterAll(() => cleanupTempDirs());

describe("settings encryption (--encryptionEnv)", () => {
  it("round-trips AES-GCM text and refuses another key", () => {
    const enc = encryptText('{"a":1}', KEY);
    expect(decryptText(enc, KEY)).toBe('{"a":1}');
    expect(decryptText(enc, "x".repeat(32))).toBeNull();
    expect(decryptText('{"a":1}', KEY)).toBeNull();
  });

  it("reads settings the reference encrypted, and falls back to defaults without the key", async () => {
    const dir = referenceDataDir();
    const ref = await startReferenceWithKey(dir, true);
    try {
      const token = await adminToken(ref);
      const res = await call(ref, { method: "PATCH", path: "/api/settings", token, body: { meta: { appName: "Encrypted by PB" }, smtp: { enabled: true, host: "smtp.example.com", port: 2525, password: "smtp-secret" } } });
      expect(res.status).toBe(200);
    } finally {
      await ref.stop();
    }
    const stored = storedSettings(dir);
    expect(() => JSON.parse(stored)).toThrow();
    expect(decryptText(stored, KEY)).toContain("Encrypted by PB");

    const app = await createApp({ dataDir: copyDataDir(dir), encryptionKey: KEY });
    try {
      const s = app.settings.get();
      expect(s.meta.appName).toBe("Encrypted by PB");
      expect(s.smtp).toMatchObject({ enabled: true, port: 2525, password: "smtp-secret" });
    } finally {
      await app.close();
    }
    const plain = await createApp({ dataDir: copyDataDir(dir) });
    try {
      expect(plain.settings.get().meta.appName).toBe("Acme");
    } finally {
      await plain.close();
    }
  }, 60_000);

  it("writes settings the reference reads with the same key", async () => {
    const dir = referenceDataDir();
    const app = await createApp({ dataDir: dir, encryptionKey: KEY });
    try {
      // A plain stored value is still read with a key set (as the reference does), then saved encrypted.
      expect(app.settings.get().meta.appName).toBe("Acme");
      const s = structuredClone(app.settings.get());
      s.meta.appName = "Encrypted by Cairn";
      s.s3 = { ...s.s3, secret: "s3-secret" };
      await app.settings.save(s);
    } finally {
      await app.close();
    }
    expect(decryptText(storedSettings(dir), KEY)).toContain("Encrypted by Cairn");

    const ref = await startReferenceWithKey(dir, true);
    try {
      const token = await adminToken(ref);
      const res = await call(ref, { path: "/api/settings", token });
      expect(res.status).toBe(200);
      expect((res.body as { meta: { appName: string } }).meta.appName).toBe("Encrypted by Cairn");
      expect(ref.output()).not.toContain("Settings load error");
    } finally {
      await ref.stop();
    }
    // The CLI reads the key from the variable --encryptionEnv names.
    const port = await freePort();
    const child = spawn(TSX, ["src/cli.ts", "serve", "--dir", copyDataDir(dir), "--http", `127.0.0.1:${port}`, "--encryptionEnv", ENV], {
      cwd: SERVER_DIR,
      env: { ...process.env, [ENV]: KEY },
    });
    try {
      const url = `http://127.0.0.1:${port}`;
      await waitForHealth(url, 20_000);
      const cli: RunningServer = { name: "cairn", url, dataDir: "", stop: async () => undefined };
      const res = await call(cli, { path: "/api/settings", token: await adminToken(cli) });
      expect((res.body as { meta: { appName: string } }).meta.appName).toBe("Encrypted by Cairn");
    } finally {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    const noKey = await startReferenceWithKey(copyDataDir(dir), false);
    try {
      const token = await adminToken(noKey);
      const res = await call(noKey, { path: "/api/settings", token });
      expect((res.body as { meta: { appName: string } }).meta.appName).toBe("Acme");
      expect(noKey.output()).toContain("missing or invalid encryption key");
    } finally {
      await noKey.stop();
    }
  }, 120_000);
});
