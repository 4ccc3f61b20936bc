import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cleanupTempDirs, tempDir } from "../../test/support/dataDirs.js";
import { recoverRestore, stagingDir, swapIn, undoSwap } from "./restore.js";

/**
 * A crash can stop a restore's swap after any rename: simulated here by throwing from the
 * rename hook after k renames, for every k, then running the start-up recovery. The data
 * directory must then hold exactly the previous data or exactly the restored data.
 */

const OLD = { "data.db": "old-db", "logs.db": "old-logs", "storage/c/r/a.txt": "old-a", "types.d.ts": "old-types" };
const NEW = { "data.db": "new-db", "logs.db": "new-logs", "storage/c/r/b.txt": "new-b" };

function write(root: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
}

/** The data files of a data directory (its backups and scratch space left out). */
function contents(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rel of readdirSync(dir, { recursive: true }) as string[]) {
    const top = rel.split(path.sep)[0];
    if (top === "backups" || top === ".pb_temp_to_delete" || top.startsWith(".cairn_restore")) continue;
    const abs = path.join(dir, rel);
    if (readdirSync(path.dirname(abs), { withFileTypes: true }).find((e) => e.name === path.basename(abs))?.isFile()) {
      out[rel.split(path.sep).join("/")] = readFileSync(abs, "utf8");
    }
  }
  return out;
}

function setup(): { dataDir: string; stage: string } {
  const dataDir = tempDir("restore-swap-");
  write(dataDir, { ...OLD, "backups/keep.zip": "zip" });
  const stage = stagingDir(dataDir, "test");
  write(path.join(stage, "new"), NEW);
  return { dataDir, stage };
}

class Crash extends Error {}
const crashAfter = (k: number) => {
  let n = 0;
  return () => {
    if (++n >= k) throw new Crash();
  };
};

function expectRecovered(dataDir: string, want: Record<string, string>): void {
  recoverRestore(dataDir);
  expect(contents(dataDir)).toEqual(want);
  expect(readFileSync(path.join(dataDir, "backups/keep.zip"), "utf8")).toBe("zip");
  expect(existsSync(path.join(dataDir, ".cairn_restore.json"))).toBe(false);
  expect(readdirSync(path.join(dataDir, ".pb_temp_to_delete"))).toEqual([]);
}

afterAll(() => cleanupTempDirs());

describe("restore swap", () => {
  it("completes: the restored data replaces the previous one, backups stay", () => {
    const { dataDir, stage } = setup();
    swapIn(dataDir, stage);
    expect(contents(dataDir)).toEqual(NEW);
    expectRecovered(dataDir, NEW); // a crash before the commit keeps the restored data
  });

  // 4 previous entries move out (data.db, logs.db, storage, types.d.ts), then 3 restored ones
  // move in; the marker turns to "in" only once all 4 are out.
  for (let k = 1; k <= 7; k++) {
    it(`a crash after ${k} rename(s) leaves ${k <= 4 ? "the previous" : "the restored"} data`, () => {
      const { dataDir, stage } = setup();
      expect(() => swapIn(dataDir, stage, crashAfter(k))).toThrow(Crash);
      expectRecovered(dataDir, k <= 4 ? OLD : NEW);
    });
  }

  for (let k = 1; k <= 7; k++) {
    it(`a crash after ${k} rename(s) of an undo leaves the previous data`, () => {
      const { dataDir, stage } = setup();
      swapIn(dataDir, stage);
      expect(() => undoSwap(dataDir, stage, crashAfter(k))).toThrow(Crash);
      expectRecovered(dataDir, OLD);
    });
  }

  it("leaves the scratch folders and the swap of another live process alone", () => {
    const { dataDir } = setup();
    const temp = path.join(dataDir, ".pb_temp_to_delete");
    const live = `cairn_backup_${process.ppid}_abc`; // the test runner's parent is alive
    const dead = "cairn_backup_999999999_abc";
    mkdirSync(path.join(temp, live));
    mkdirSync(path.join(temp, dead));
    recoverRestore(dataDir);
    // This process's own staging folder (from setup) and the dead process's folder go.
    expect(readdirSync(temp)).toEqual([live]);
    const stage = path.join(temp, `cairn_restore_${process.ppid}_x`);
    write(path.join(stage, "new"), NEW);
    writeFileSync(path.join(dataDir, ".cairn_restore.json"), JSON.stringify({ stage: path.basename(stage), phase: "in" }));
    recoverRestore(dataDir);
    expect(contents(dataDir)).toEqual(OLD);
    expect(existsSync(path.join(dataDir, ".cairn_restore.json"))).toBe(true);
  });

  it("an undo of a swap stopped midway brings the previous data back", () => {
    const { dataDir, stage } = setup();
    expect(() => swapIn(dataDir, stage, crashAfter(2))).toThrow(Crash);
    undoSwap(dataDir, stage);
    expectRecovered(dataDir, OLD);
  });
});
