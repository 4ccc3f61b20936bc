import { afterEach, describe, expect, it } from "vitest";
import { extensionDefaults } from "./extensions.js";
import { defaultSettings } from "./defaults.js";
import { createApp, type App } from "../app.js";
import { paramsRepo } from "../db/params.js";
import { cleanupTempDirs, referenceDataDir, tempDir } from "../../test/support/dataDirs.js";

const opened: App[] = [];
async function open(dir: string): Promise<App> {
  const app = await createApp({ dataDir: dir });
  opened.push(app);
  return app;
}

afterEach(async () => {
  for (const app of opened.splice(0)) await app.close();
  cleanupTempDirs();
});

type Obj = Record<string, any>;

const readStored = async (app: App): Promise<Obj> => JSON.parse((await paramsRepo.readText(app.db, "settings"))!) as Obj;
const writeStored = (app: App, value: Obj) => app.db.transaction((tx) => paramsRepo.writeText(tx, "settings", JSON.stringify(value)));

describe("SettingsStore", () => {
  it("reads the settings a reference data dir holds, unchanged", async () => {
    const dir = referenceDataDir();
    const app = await open(dir);
    const stored = await readStored(app);
    // Plus the groups beyond v0.22 (absent from a reference data dir), at their defaults, and the OTP mail template.
    expect(app.settings.get()).toEqual({ ...stored, ...extensionDefaults(), meta: { ...stored.meta, otpTemplate: defaultSettings().meta.otpTemplate } });
  });

  it("keeps unknown keys through a save and reload", async () => {
    const app = await open(tempDir());
    const stored = await readStored(app);
    await writeStored(app, { ...stored, futureGroup: { a: 1 }, meta: { ...stored.meta, futureField: "x" } });
    await app.settings.reload();
    expect((app.settings.get() as Obj).futureGroup).toBeUndefined();

    const s = app.settings.get();
    await app.settings.save({ ...s, meta: { ...s.meta, appName: "Renamed" } });
    const after = await readStored(app);
    expect(after.futureGroup).toEqual({ a: 1 });
    expect(after.meta.futureField).toBe("x");
    expect(after.meta.appName).toBe("Renamed");
  });

  it("keeps declared types stable: mistyped or missing values take the defaults", async () => {
    const app = await open(tempDir());
    const stored = await readStored(app);
    const { logs: _dropped, ...withoutLogs } = stored;
    await writeStored(app, { ...withoutLogs, smtp: { ...stored.smtp, port: "587", tls: "yes" }, meta: { ...stored.meta, appName: 5 } });
    const s = await app.settings.reload();
    expect(s.smtp.port).toBe(587);
    expect(s.smtp.tls).toBe(false);
    expect(s.meta.appName).toBe("Acme");
    expect(s.logs).toEqual({ maxDays: 5, minLevel: 0, logIp: true });
    // The token secrets that were stored stay (they sign existing sessions).
    expect(s.adminAuthToken.secret).toBe(stored.adminAuthToken.secret);
  });

  it("announces a save on the bus once committed, with the settings already current", async () => {
    const app = await open(tempDir());
    const seen: string[] = [];
    const off = app.events.on("settings.save", (e) => seen.push(`${e.settings.meta.appName}/${app.settings.get().meta.appName}`));
    const s = app.settings.get();
    await app.settings.save({ ...s, meta: { ...s.meta, appName: "One" } });
    off();
    await app.settings.save({ ...s, meta: { ...s.meta, appName: "Two" } });
    expect(seen).toEqual(["One/One"]);
    expect((await open(app.dataDir)).settings.get().meta.appName).toBe("Two");
  });

  it("two changes at once both land: each applies to the settings the other committed", async () => {
    const app = await open(tempDir());
    await Promise.all([
      app.settings.update((s) => ({ ...s, meta: { ...s.meta, appName: "Both" } })),
      app.settings.update((s) => ({ ...s, logs: { ...s.logs, maxDays: 9 } })),
    ]);
    expect([app.settings.get().meta.appName, app.settings.get().logs.maxDays]).toEqual(["Both", 9]);
    const stored = await readStored(app);
    expect([stored.meta.appName, stored.logs.maxDays]).toEqual(["Both", 9]);
  });

  it("a save that does not commit announces nothing and leaves the settings as they were", async () => {
    const app = await open(tempDir());
    const seen: unknown[] = [];
    app.events.on("settings.save", (e) => seen.push(e));
    const before = app.settings.get();
    // Without its table the write fails, so the transaction rolls back.
    await app.db.transaction((tx) => tx.exec("ALTER TABLE _params RENAME TO _params_away"));
    await expect(app.settings.save({ ...before, meta: { ...before.meta, appName: "Lost" } })).rejects.toThrow();
    await app.db.transaction((tx) => tx.exec("ALTER TABLE _params_away RENAME TO _params"));
    expect(seen).toEqual([]);
    expect(app.settings.get()).toBe(before);
    expect((await readStored(app)).meta.appName).toBe(before.meta.appName);
  });
});
