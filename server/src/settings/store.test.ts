import { afterEach, describe, expect, it } from "vitest";
import { extensionDefaults } from "./extensions.js";
import { createApp, type App } from "../app.js";
import { readParam, upsertParam } from "../db/params.js";
import { cleanupTempDirs, referenceDataDir, tempDir } from "../../test/support/dataDirs.js";

const opened: App[] = [];
function open(dir: string): App {
  const app = createApp({ dataDir: dir });
  opened.push(app);
  return app;
}

afterEach(async () => {
  for (const app of opened.splice(0)) await app.close();
  cleanupTempDirs();
});

type Obj = Record<string, any>;

describe("SettingsStore", () => {
  it("reads the settings a reference data dir holds, unchanged", () => {
    const dir = referenceDataDir();
    const app = open(dir);
    const stored = readParam<Obj>(app.db, "settings")!;
    // Plus the groups beyond v0.22 (absent from a reference data dir), at their defaults.
    expect(app.settings.get()).toEqual({ ...stored, ...extensionDefaults() });
  });

  it("keeps unknown keys through a save and reload", () => {
    const app = open(tempDir());
    const stored = readParam<Obj>(app.db, "settings")!;
    upsertParam(app.db, "settings", { ...stored, futureGroup: { a: 1 }, meta: { ...stored.meta, futureField: "x" } });
    app.settings.reload();
    expect((app.settings.get() as Obj).futureGroup).toBeUndefined();

    const s = app.settings.get();
    app.settings.save({ ...s, meta: { ...s.meta, appName: "Renamed" } });
    const after = readParam<Obj>(app.db, "settings")!;
    expect(after.futureGroup).toEqual({ a: 1 });
    expect(after.meta.futureField).toBe("x");
    expect(after.meta.appName).toBe("Renamed");
  });

  it("keeps declared types stable: mistyped or missing values take the defaults", () => {
    const app = open(tempDir());
    const stored = readParam<Obj>(app.db, "settings")!;
    const { logs: _dropped, ...withoutLogs } = stored;
    upsertParam(app.db, "settings", { ...withoutLogs, smtp: { ...stored.smtp, port: "587", tls: "yes" }, meta: { ...stored.meta, appName: 5 } });
    const s = app.settings.reload();
    expect(s.smtp.port).toBe(587);
    expect(s.smtp.tls).toBe(false);
    expect(s.meta.appName).toBe("Acme");
    expect(s.logs).toEqual({ maxDays: 5, minLevel: 0, logIp: true });
    // The token secrets that were stored stay (they sign existing sessions).
    expect(s.adminAuthToken.secret).toBe(stored.adminAuthToken.secret);
  });

  it("notifies listeners with the saved settings", () => {
    const app = open(tempDir());
    const seen: string[] = [];
    const off = app.settings.onChange((s) => seen.push(s.meta.appName));
    const s = app.settings.get();
    app.settings.save({ ...s, meta: { ...s.meta, appName: "One" } });
    off();
    app.settings.save({ ...s, meta: { ...s.meta, appName: "Two" } });
    expect(seen).toEqual(["One"]);
    expect(open(app.dataDir).settings.get().meta.appName).toBe("Two");
  });
});
