import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { clearSpoolDir, SHARED_SPOOL_AGE_MS, spoolDir } from "./spoolDir.js";

describe("clearSpoolDir", () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  function spoolWith(files: Record<string, number>): string {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "cairn-spool-"));
    dirs.push(dataDir);
    mkdirSync(spoolDir(dataDir), { recursive: true });
    for (const [name, ageMs] of Object.entries(files)) {
      const file = path.join(spoolDir(dataDir), name);
      writeFileSync(file, "part of an upload");
      const t = (Date.now() - ageMs) / 1000;
      utimesSync(file, t, t);
    }
    return dataDir;
  }

  it("removes every leftover when the data directory is this process's alone", () => {
    const dataDir = spoolWith({ old: SHARED_SPOOL_AGE_MS * 2, fresh: 1000 });
    clearSpoolDir(dataDir);
    expect(existsSync(spoolDir(dataDir))).toBe(false);
  });

  it("keeps uploads another node may still be writing when the directory is shared", () => {
    const dataDir = spoolWith({ old: SHARED_SPOOL_AGE_MS + 60_000, fresh: 1000 });
    clearSpoolDir(dataDir, { olderThanMs: SHARED_SPOOL_AGE_MS });
    expect(existsSync(path.join(spoolDir(dataDir), "old"))).toBe(false);
    expect(existsSync(path.join(spoolDir(dataDir), "fresh"))).toBe(true);
  });

  it("does nothing when there is no spool yet", () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "cairn-spool-"));
    dirs.push(dataDir);
    expect(() => clearSpoolDir(dataDir, { olderThanMs: SHARED_SPOOL_AGE_MS })).not.toThrow();
  });
});
