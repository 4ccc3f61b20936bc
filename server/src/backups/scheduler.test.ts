import { SYSTEM_CALLER } from "../auth/caller.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, type App } from "../app.js";
import { cairnDataDir, cleanupTempDirs } from "../../test/support/dataDirs.js";
import type { Settings } from "../models/settings.js";
import type { Leader } from "../cluster/leader.js";
import { backupNameError, generatedBackupName } from "./names.js";
import { BackupScheduler } from "./scheduler.js";

describe("backup names", () => {
  it("generates the reference's names from the app name (as the binary made them)", () => {
    const at = new Date("2026-11-23T16:19:07Z");
    expect(generatedBackupName("Acme", at)).toBe("pb_backup_acme_20261123161907.zip");
    expect(generatedBackupName("Mÿ Cool App!! 2", at)).toBe("pb_backup_m_cool_app_2_20261123161907.zip");
    expect(generatedBackupName("___", at)).toBe("pb_backup__20261123161907.zip");
    expect(generatedBackupName("MyCoolApp", at)).toBe("pb_backup_my_cool_app_20261123161907.zip");
    expect(generatedBackupName("ABCDef x", at)).toBe("pb_backup_abcdef_x_20261123161907.zip");
    expect(generatedBackupName("app2Go 3D", at)).toBe("pb_backup_app2_go_3_d_20261123161907.zip");
    expect(generatedBackupName("Ünïcode Name", at)).toBe("pb_backup_n_code_name_20261123161907.zip");
    expect(generatedBackupName("Acme", at, true)).toBe("@auto_pb_backup_acme_20261123161907.zip");
  });

  it("checks requested names: length first, then the pattern", () => {
    expect(backupNameError("ok_1-2.zip")).toBeNull();
    expect(backupNameError("a".repeat(97) + ".zip")?.code).toBe("validation_length_out_of_range");
    expect(backupNameError("Bad.zip")?.code).toBe("validation_match_invalid");
    expect(backupNameError("@auto_x.zip")?.code).toBe("validation_match_invalid");
    expect(backupNameError("x.tar")?.code).toBe("validation_match_invalid");
  });
});

/** A lease another node may hold: leads only when told to (cluster/leader.ts's contract). */
class FakeLeader implements Leader {
  private listeners = new Set<(leader: boolean) => void>();
  constructor(private leading: boolean) {}
  isLeader(): boolean {
    return this.leading;
  }
  onChange(fn: (leader: boolean) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }
  set(leading: boolean): void {
    this.leading = leading;
    for (const fn of this.listeners) fn(leading);
  }
  async close(): Promise<void> {}
}

describe("auto backups", () => {
  let app: App;
  beforeAll(async () => {
    app = await createApp({ dataDir: await cairnDataDir() });
  });
  afterAll(async () => {
    await app.close();
    cleanupTempDirs();
  });

  const setBackups = async (b: Partial<Settings["backups"]>) => {
    const s = app.settings.get();
    await app.settings.save({ ...s, backups: { ...s.backups, ...b } });
  };

  it("follows backups.cron as the settings change (UTC, macros, day of month AND day of week)", async () => {
    expect(app.backups.autoSchedule()).toEqual({ cron: "", next: null });
    await setBackups({ cron: "30 3 * * *" });
    let next = app.backups.autoSchedule().next!;
    expect(app.backups.autoSchedule().cron).toBe("30 3 * * *");
    expect([next.getUTCHours(), next.getUTCMinutes()]).toEqual([3, 30]);
    await setBackups({ cron: "@hourly" });
    next = app.backups.autoSchedule().next!;
    expect(next.getUTCMinutes()).toBe(0);
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(3600_000);
    await setBackups({ cron: "0 0 13 * 5" });
    next = app.backups.autoSchedule().next!;
    expect([next.getUTCDate(), next.getUTCDay()]).toEqual([13, 5]);
    await setBackups({ cron: "" });
    expect(app.backups.autoSchedule()).toEqual({ cron: "", next: null });
  });

  const autos = async () => (await app.backups.list(SYSTEM_CALLER)).filter((b) => b.key.startsWith("@auto_"));

  it("run only on the node holding the leader lease; every node keeps the schedule", async () => {
    await setBackups({ cron: "0 3 * * *" });
    const leader = new FakeLeader(false);
    const scheduler = new BackupScheduler(app, leader, () => app.backups.autoBackup());
    try {
      expect(scheduler.scheduled).toBe("0 3 * * *");
      expect(scheduler.nextRun()?.getUTCHours()).toBe(3);
      await scheduler.trigger();
      expect(await autos()).toEqual([]);
      leader.set(true);
      await scheduler.trigger();
      expect(await autos()).toHaveLength(1);
      leader.set(false);
      await new Promise((r) => setTimeout(r, 1100)); // a second run would get a new name
      await scheduler.trigger();
      expect(await autos()).toHaveLength(1);
    } finally {
      scheduler.stop();
      await setBackups({ cron: "" });
      for (const b of await autos()) await app.backups.delete(SYSTEM_CALLER, b.key);
    }
  }, 30_000);

  it("keeps the newest cronMaxKeep auto backups and never prunes named ones", async () => {
    await setBackups({ cronMaxKeep: 2 });
    await app.backups.create(SYSTEM_CALLER, "manual.zip");
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      await app.backups.autoBackup();
      made.push((await app.backups.list(SYSTEM_CALLER)).find((b) => b.key.startsWith("@auto_"))!.key);
      await new Promise((r) => setTimeout(r, 1100)); // names carry the second
    }
    const keys = (await app.backups.list(SYSTEM_CALLER)).map((b) => b.key);
    expect(keys).toEqual([made[2], made[1], "manual.zip"]);
    expect(made[0]).toMatch(/^@auto_pb_backup_acme_\d{14}\.zip$/);
  }, 30_000);
});
