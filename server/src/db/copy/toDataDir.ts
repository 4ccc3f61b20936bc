import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { openDataDir } from "../open.js";
import { checkDatabaseUrl, redactUrl } from "../postgres/url.js";
import type { Db } from "../types.js";
import { copyAll } from "./copyAll.js";
import { PgSource } from "./pgSource.js";
import { CopyRefusedError, type CopyHooks, type CopyResult, type CopySource } from "./types.js";

export interface PostgresToDataDirOptions extends CopyHooks {
  url: string;
  /** The data directory to write data.db and logs.db into; it must have neither. */
  dataDir: string;
}

const DATA_FILES = ["data.db", "logs.db"];

/** Refuses a target that already holds a database: a copy never overwrites data. */
function refuseDataFiles(dataDir: string): void {
  const present = DATA_FILES.filter((f) => existsSync(path.join(dataDir, f)));
  if (present.length) throw new CopyRefusedError(`${dataDir} already holds ${present.join(" and ")}: cairn db copy writes into a directory without them only`);
}

const tempPrefix = (base: string) => `.${base}.copy-`;

/** Whether a process runs (a zombie, killed but not yet reaped by its parent, does not). */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
  try {
    return !/^\d+ \(.*\) Z/s.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return true;
  }
};

/** Removes the temporary directories that copies into `parent/base` left when their process was killed. */
function removeKilledCopies(parent: string, base: string): void {
  const prefix = tempPrefix(base);
  for (const name of readdirSync(parent)) {
    const pid = name.startsWith(prefix) ? Number(/^(\d+)-/.exec(name.slice(prefix.length))?.[1]) : NaN;
    if (pid > 0 && !alive(pid)) rmSync(path.join(parent, name), { recursive: true, force: true });
  }
}

/**
 * Fills a new data directory's databases (made as Cairn makes a data directory: the system
 * schema and every migration recorded, so PocketBase v0.22 applies none) with a source's
 * data, replacing the default `users` collection and settings of a new data.db.
 */
async function fillDataDir(source: CopySource, data: Db, logs: Db, hooks: CopyHooks): Promise<CopyResult> {
  return data.transaction((tx) =>
    logs.transaction(async (logsTx) => {
      await tx.db.dialect.schema.dropTable(tx, "users");
      await tx.run(`DELETE FROM "_collections"`);
      await tx.run(`DELETE FROM "_params"`);
      return copyAll(source, tx, logsTx, hooks);
    }),
  );
}

/**
 * Writes a source (a PostgreSQL database, a live one too: it is read at one state) into a
 * data directory as data.db and logs.db that PocketBase v0.22 opens. All or nothing: the files
 * are made in a temporary directory beside the target and moved in at the end.
 */
export async function copySourceToDataDir(source: CopySource, dataDir: string, hooks: CopyHooks): Promise<CopyResult> {
  refuseDataFiles(dataDir);
  const target = path.resolve(dataDir);
  const parent = path.dirname(target);
  mkdirSync(parent, { recursive: true });
  removeKilledCopies(parent, path.basename(target));
  const temp = mkdtempSync(path.join(parent, `${tempPrefix(path.basename(target))}${process.pid}-`));
  try {
    const dbs = openDataDir(temp, { initialSettings: () => ({}) });
    let result: CopyResult;
    try {
      result = await fillDataDir(source, dbs.data, dbs.logs, hooks);
    } finally {
      await dbs.data.close();
      await dbs.logs.close();
    }
    if (!existsSync(target)) {
      renameSync(temp, target);
    } else {
      // data.db last: its presence is what makes the directory a data directory.
      const files = readdirSync(temp).sort((a, b) => Number(a.startsWith("data.db")) - Number(b.startsWith("data.db")));
      for (const f of files) renameSync(path.join(temp, f), path.join(target, f));
    }
    return result;
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

/** `cairn db copy --from postgres://… --to DIR`. */
export async function copyPostgresToDataDir(opts: PostgresToDataDirOptions): Promise<CopyResult> {
  checkDatabaseUrl(opts.url);
  refuseDataFiles(opts.dataDir);
  const source = await PgSource.open(opts.url);
  try {
    return await copySourceToDataDir(source, opts.dataDir, opts);
  } catch (err) {
    if (err instanceof Error) err.message = err.message.split(opts.url).join(redactUrl(opts.url));
    throw err;
  } finally {
    await source.close();
  }
}
