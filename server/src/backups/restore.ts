import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { isDataEntry, RESTORE_MARKER, TEMP_DIR } from "./archive.js";

/**
 * The file work of a restore: swapping the live data directory's contents for an extracted
 * archive, in a way that a crash at any instant leaves either the whole previous data or the
 * whole restored data.
 *
 * The data directory itself stays (its `backups/` folder and scratch space are kept); its
 * other top-level entries move into `<temp>/old/`, then the extracted ones move in from
 * `<temp>/new/`. Each move is a rename within one file system (atomic). A marker file in the
 * data directory records the phase; `recoverRestore()` (run before the databases open)
 * finishes or undoes an interrupted swap:
 * - phase "out" (previous entries moving out): they all move back, the previous data stays;
 * - phase "in" (restored entries moving in): the rest moves in, the restored data wins;
 * - phases "undo-out"/"undo-in" (the restored data failed to open and is being moved aside):
 *   the undo is finished, the previous data stays.
 */

type Phase = "out" | "in" | "done" | "undo-out" | "undo-in";

interface Marker {
  stage: string;
  phase: Phase;
}

const PREFIX = "cairn_restore_";

/**
 * Scratch folders are named `cairn_<what>_<pid>_<random>`: the start-up cleanup leaves alone
 * those of another live process on the same data directory (e.g. `cairn admin create` run
 * while the server makes a backup).
 */
export function scratchName(what: string, random: string): string {
  return `cairn_${what}_${process.pid}_${random}`;
}

/** Whether a scratch folder (or a swap marker naming one) belongs to another running process. */
function ownedByOtherProcess(name: string): boolean {
  const m = /^cairn_[a-z]+_(\d+)_/.exec(name);
  if (!m) return false;
  const pid = Number(m[1]);
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** A fresh staging folder for one restore: `<dataDir>/.pb_temp_to_delete/cairn_restore_<pid>_<random>/`. */
export function stagingDir(dataDir: string, random: string): string {
  return path.join(dataDir, TEMP_DIR, scratchName("restore", random));
}

function writeDurably(file: string, text: string): void {
  const tmp = file + ".tmp";
  const fd = openSync(tmp, "w");
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
  syncDir(path.dirname(file));
}

function syncDir(dir: string): void {
  try {
    const fd = openSync(dir, "r");
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    /* some file systems cannot fsync a directory */
  }
}

const markerPath = (dataDir: string) => path.join(dataDir, RESTORE_MARKER);

function setPhase(dataDir: string, stage: string, phase: Phase): void {
  writeDurably(markerPath(dataDir), JSON.stringify({ stage: path.basename(stage), phase } satisfies Marker));
}

const dataEntries = (dir: string) => readdirSync(dir).filter(isDataEntry);

/** Called after every rename of a swap; tests throw from it to stop a swap midway (a crash). */
export type MoveHook = () => void;

/** Moves every data entry of `from` into `to` (skipping names `to` already holds). */
function moveAll(from: string, to: string, afterMove?: MoveHook): void {
  if (!existsSync(from)) return;
  mkdirSync(to, { recursive: true });
  for (const name of dataEntries(from)) {
    if (existsSync(path.join(to, name))) continue;
    renameSync(path.join(from, name), path.join(to, name));
    afterMove?.();
  }
  syncDir(to);
  syncDir(from);
}

/**
 * Puts `<stage>/new/*` in place of the data directory's entries (which go to `<stage>/old/`).
 * The databases must be closed. Returns with the marker at "done": call `commitSwap` once the
 * restored data opened, or `undoSwap` to bring the previous data back.
 */
export function swapIn(dataDir: string, stage: string, afterMove?: MoveHook): void {
  setPhase(dataDir, stage, "out");
  moveAll(dataDir, path.join(stage, "old"), afterMove);
  setPhase(dataDir, stage, "in");
  moveAll(path.join(stage, "new"), dataDir, afterMove);
  setPhase(dataDir, stage, "done");
}

/** The restored data opened: forget the previous data (the caller removes the staging folder). */
export function commitSwap(dataDir: string): void {
  rmSync(markerPath(dataDir), { force: true });
  syncDir(dataDir);
}

/** The marker, or null when unreadable (torn before the first rename: nothing moved yet). */
function readMarker(file: string): Marker | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Marker;
  } catch {
    return null;
  }
}

const readPhase = (dataDir: string): Phase | null => readMarker(markerPath(dataDir))?.phase ?? null;

/**
 * The swap failed or the restored data did not open: bring the previous data back, from
 * whatever point the swap reached (the databases must be closed).
 */
export function undoSwap(dataDir: string, stage: string, afterMove?: MoveHook): void {
  const phase = readPhase(dataDir);
  if (phase !== null && phase !== "out") {
    // Everything previous is in old/: set the restored entries aside first.
    setPhase(dataDir, stage, "undo-out");
    moveAll(dataDir, path.join(stage, "rejected"), afterMove);
  }
  setPhase(dataDir, stage, "undo-in");
  moveAll(path.join(stage, "old"), dataDir, afterMove);
  rmSync(markerPath(dataDir), { force: true });
}

/**
 * Finishes or undoes a swap a crash interrupted, then drops leftover staging folders.
 * Run on start, before any database of the data directory opens.
 */
export function recoverRestore(dataDir: string): void {
  const file = markerPath(dataDir);
  const marker = existsSync(file) ? readMarker(file) : null;
  // Another live process is in the middle of its own swap: it finishes or undoes it itself.
  if (marker && typeof marker.stage === "string" && ownedByOtherProcess(marker.stage)) return;
  if (existsSync(file)) {
    if (marker && typeof marker.stage === "string" && marker.stage.startsWith(PREFIX) && !marker.stage.includes("/")) {
      const stage = path.join(dataDir, TEMP_DIR, marker.stage);
      if (marker.phase === "in") moveAll(path.join(stage, "new"), dataDir);
      if (marker.phase === "undo-out") moveAll(dataDir, path.join(stage, "rejected"));
      if (marker.phase === "out" || marker.phase === "undo-out" || marker.phase === "undo-in") moveAll(path.join(stage, "old"), dataDir);
    }
    rmSync(file, { force: true });
  }
  rmSync(file + ".tmp", { force: true });
  const temp = path.join(dataDir, TEMP_DIR);
  if (existsSync(temp)) {
    for (const name of readdirSync(temp)) {
      if (name.startsWith("cairn_") && !ownedByOtherProcess(name)) rmSync(path.join(temp, name), { recursive: true, force: true });
    }
  }
}
