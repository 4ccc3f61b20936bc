import { describe, expect, it } from "vitest";
import { sortBackups } from "../../data/backups/backupsList";
import { formatFileSize } from "../../lib/format";
import {
  autoBackupsEnabled,
  BACKUP_NAME_INVALID,
  canRestore,
  CRON_PRESETS,
  MESSAGES,
  optionsChanged,
  optionsPayload,
  progressFraction,
  progressText,
  toOptionsForm,
  validateBackupName,
  validateOptions,
} from "./backupsModel";

const saved = {
  cron: "0 0 * * *",
  cronMaxKeep: 3,
  s3: { enabled: false, bucket: "", region: "", endpoint: "", accessKey: "", secret: "", forcePathStyle: false },
};

describe("backup name", () => {
  it.each(["", "  ", "a.zip", "my_backup-2024.zip", "0.zip"])("accepts %j", (name) => expect(validateBackupName(name)).toBe(""));
  it.each(["Backup.zip", "name", "a b.zip", "a.ZIP", ".zip", "a.zip.txt", "../x.zip"])("rejects %j", (name) => expect(validateBackupName(name)).toBe(BACKUP_NAME_INVALID));
  it("has the server's message", () => expect(BACKUP_NAME_INVALID).toBe("Must be in a valid format."));
});

describe("restore confirmation", () => {
  it("needs the exact name and nothing loading", () => {
    expect(canRestore("b.zip", "b.zip", false)).toBe(true);
    expect(canRestore("b.zi", "b.zip", false)).toBe(false);
    expect(canRestore("B.zip", "b.zip", false)).toBe(false);
    expect(canRestore(" b.zip", "b.zip", false)).toBe(false);
    expect(canRestore("b.zip", "b.zip", true)).toBe(false);
    expect(canRestore("", "", false)).toBe(false);
  });
});

describe("backup list", () => {
  it("sorts newest first", () => {
    const list = [
      { key: "a.zip", size: 1, modified: "2024-01-02 00:00:00.000Z" },
      { key: "b.zip", size: 1, modified: "2024-03-01 00:00:00.000Z" },
      { key: "c.zip", size: 1, modified: "2023-12-31 23:59:59.999Z" },
    ];
    expect(sortBackups(list).map((b) => b.key)).toEqual(["b.zip", "a.zip", "c.zip"]);
    expect(list[0].key).toBe("a.zip");
  });

  it("formats sizes", () => {
    expect(formatFileSize(0)).toBe("0 B");
    expect(formatFileSize(512)).toBe("512 B");
    expect(formatFileSize(2048)).toBe("2 KB");
    expect(formatFileSize(198797)).toBe("194.1 KB");
    expect(formatFileSize(5 * 1024 * 1024 * 1024)).toBe("5 GB");
  });
});

describe("options form", () => {
  it("starts the auto toggle from the saved cron", () => {
    expect(autoBackupsEnabled(toOptionsForm(saved))).toBe(true);
    expect(autoBackupsEnabled(toOptionsForm({ ...saved, cron: "" }))).toBe(false);
    expect(toOptionsForm(undefined).cronMaxKeep).toBe("");
  });

  it("is dirty only when the draft differs", () => {
    const a = toOptionsForm(saved);
    expect(optionsChanged(a, toOptionsForm(saved))).toBe(false);
    expect(optionsChanged(a, { ...a, cronMaxKeep: "4" })).toBe(true);
    expect(optionsChanged(a, { ...a, s3: { ...a.s3, enabled: true } })).toBe(true);
  });

  it("requires the cron and a max-to-keep of at least 1 when auto backups are on", () => {
    const f = toOptionsForm(saved);
    expect(validateOptions(f, true)).toEqual({});
    expect(validateOptions({ ...f, cron: " ", cronMaxKeep: "" }, true)).toEqual({ "backups.cron": "Cannot be blank.", "backups.cronMaxKeep": "Cannot be blank." });
    expect(validateOptions({ ...f, cronMaxKeep: "0" }, true)).toEqual({ "backups.cronMaxKeep": "Must be no less than 1." });
    expect(validateOptions({ ...f, cronMaxKeep: "x" }, true)).toEqual({ "backups.cronMaxKeep": "Must be a number." });
    expect(validateOptions({ ...f, cronMaxKeep: "1.5" }, true)).toEqual({ "backups.cronMaxKeep": "Must be a whole number." });
    expect(validateOptions({ ...f, cron: "", cronMaxKeep: "0" }, false)).toEqual({});
  });

  it("requires every S3 setting when S3 is on", () => {
    const f = toOptionsForm(saved);
    expect(validateOptions({ ...f, s3: { ...f.s3, enabled: true } }, false)).toEqual({
      "backups.s3.endpoint": "Cannot be blank.",
      "backups.s3.bucket": "Cannot be blank.",
      "backups.s3.region": "Cannot be blank.",
      "backups.s3.accessKey": "Cannot be blank.",
      "backups.s3.secret": "Cannot be blank.",
    });
    const full = { ...f.s3, enabled: true, endpoint: "http://x", bucket: "b", region: "r", accessKey: "k", secret: "******" };
    expect(validateOptions({ ...f, s3: full }, false)).toEqual({});
  });

  it("sends only the backups group, with an empty cron when auto backups are off", () => {
    const f = toOptionsForm(saved);
    expect(optionsPayload(f, true)).toEqual({ backups: { cron: "0 0 * * *", cronMaxKeep: 3, s3: f.s3 } });
    expect(optionsPayload(f, false).backups.cron).toBe("");
  });

  it("has the spec's messages and presets", () => {
    expect(MESSAGES.deleted("a.zip")).toBe("Successfully deleted a.zip.");
    expect(MESSAGES.deleteConfirm("a.zip")).toBe("Do you really want to delete a.zip?");
    expect(CRON_PRESETS.map((p) => p.value)).toEqual(["0 0 * * *", "0 0 * * 0", "0 0 * * 1,3", "0 0 1 * *"]);
  });
});

describe("progress text", () => {
  const run = { running: true as const, action: "backup" as const, key: "a.zip", startedAt: "2024-01-01 00:00:00.000Z" };
  it("gives the phase and the percentage through it, rounded down", () => {
    expect(progressText({ ...run, phase: "zip", done: 999, total: 1000 })).toBe("Zipping the files 99%");
    expect(progressFraction({ ...run, phase: "zip", done: 999, total: 1000 })).toBeCloseTo(0.999);
    expect(progressText({ ...run, phase: "store", done: 1000, total: 1000 })).toBe("Storing the archive 100%");
  });
  it("a phase without a byte count has no fraction", () => {
    expect(progressFraction({ ...run, action: "restore", phase: "validate", done: 0, total: 0 })).toBeNull();
    expect(progressText({ ...run, action: "restore", phase: "reload", done: 0, total: 0 })).toBe("Switching to the restored data...");
  });
});
