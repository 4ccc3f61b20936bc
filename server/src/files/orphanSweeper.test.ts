import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { cleanupTempDirs, tempDir } from "../../test/support/dataDirs.js";
import { until } from "../../test/support/sse.js";
import { localRecordFolders } from "./localRecordFolders.js";
import { OrphanSweeper } from "./orphanSweeper.js";

/**
 * An orphan too young when Cairn starts (a crash just before) is swept once it is old enough,
 * while Cairn runs; close() stops that. (What a pass removes: orphanSweep.test.ts.)
 */
afterAll(cleanupTempDirs);

function storageWithOrphan(): { root: string; dir: string } {
  const root = tempDir("orphans-");
  const dir = path.join(root, "col", "rec");
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "a.txt"), "x");
  return { root, dir };
}

const sweeper = (root: string, lines: string[], leads?: () => boolean) =>
  new OrphanSweeper({
    leads,
    folders: () => localRecordFolders(root),
    collections: () => [{ id: "col", name: "docs" }],
    hasRecord: () => false, // the table is empty
    minAgeMs: 500,
    log: (l) => lines.push(l),
    warn: (l) => lines.push(l),
  });

it("sweeps an orphan that was too young at start once it is old enough", async () => {
  const { root, dir } = storageWithOrphan();
  const lines: string[] = [];
  const s = sweeper(root, lines);
  s.start();
  await new Promise((r) => setTimeout(r, 200));
  expect(existsSync(dir)).toBe(true); // too young for the first pass
  await until(() => !existsSync(dir), 5000, "the orphan removed");
  await s.close();
  expect(lines[0]).toMatch(/^Removed orphan storage folder col\/rec \(no record; last written \d{4}-/);
  expect(lines[1]).toBe("Orphan sweep: removed 1 storage folder(s) without a record");
});

it("stops on close", async () => {
  const { root, dir } = storageWithOrphan();
  const lines: string[] = [];
  const s = sweeper(root, lines);
  s.start();
  await new Promise((r) => setTimeout(r, 200));
  await s.close();
  await new Promise((r) => setTimeout(r, 2000));
  expect(existsSync(dir)).toBe(true);
  expect(lines).toEqual([]);
});

it("sweeps only on the leader, and once a node becomes it", async () => {
  const { root, dir } = storageWithOrphan();
  const lines: string[] = [];
  let leading = false;
  const s = sweeper(root, lines, () => leading);
  s.start();
  // Old enough for any pass from here on; a follower's pass leaves it.
  await new Promise((r) => setTimeout(r, 1200));
  expect(existsSync(dir)).toBe(true);
  leading = true;
  s.start(); // what the app does on Leader.onChange(true)
  await until(() => !existsSync(dir), 5000, "the orphan removed");
  await s.close();
});
