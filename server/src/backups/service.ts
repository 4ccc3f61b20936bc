import { createReadStream, createWriteStream, promises as fsp } from "node:fs";
import path from "node:path";
import { pipeline as pipe, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { AdminService } from "../admins/service.js";
import type { Leader } from "../cluster/leader.js";
import type { Db } from "../db/types.js";
import type { EventBus } from "../events/bus.js";
import type { SettingsStore } from "../settings/store.js";
import { FileNotFoundError, keyProblem, type FileStat, type FileSystem } from "../files/filesystem.js";
import { LocalFileSystem } from "../files/local.js";
import { detectMime, SNIFF_LIMIT } from "../files/mime.js";
import { storedFileName, uploadBaseName } from "../files/names.js";
import { badRequest, fieldError, forbidden, ValidationError } from "../tools/errors.js";
import { byteCounter } from "../tools/byteCounter.js";
import { randomString } from "../tools/random.js";
import { requireAdmin, SYSTEM_CALLER, type Caller } from "../auth/caller.js";
import { formatDate } from "../tools/time.js";
import { ArchiveError, createArchive, extractArchive, rowProgress, TEMP_DIR, validateArchive } from "./archive.js";
import { createCollectionsStorage } from "../collections/sync.js";
import { loadIntoPostgres } from "../db/copy/backups.js";
import { AUTO_PREFIX, backupNameError, generatedBackupName } from "./names.js";
import { BackupProgress, type ProgressReport } from "./progress.js";
import { commitSwap, scratchName, stagingDir, swapIn, undoSwap } from "./restore.js";
import { BackupScheduler } from "./scheduler.js";
import { backupsFileSystem } from "./storage.js";

export interface BackupInfo {
  key: string;
  size: number;
  modified: string;
}

const GENERIC = "Something went wrong while processing your request.";
export const BUSY_MESSAGE = "Try again later - another backup/restore process has already been started.";
const ZIP_MIME = "application/zip";

const busy = () => badRequest(BUSY_MESSAGE);
const invalidUpload = () => badRequest("Missing or invalid uploaded file.");

/**
 * The app as backups see it. Read on every use: after a restore its settings and admins are
 * the reopened ones (the app passes itself; see backups/reloadable.ts).
 */
export interface BackupHost {
  readonly dataDir: string;
  readonly settings: SettingsStore;
  readonly admins: AdminService;
  readonly events: EventBus;
  readonly db: Db;
  readonly logsDb: Db;
  /** Closes the services, runs swap on the data directory, reopens (undo when that fails). */
  reload(swap: () => void, undo: () => void): Promise<void>;
}

/**
 * Backups of the data directory: made on demand or on the `backups.cron` schedule, uploaded,
 * downloaded, deleted and restored, kept in `<dataDir>/backups` or the `backups.s3` bucket.
 * One backup or restore runs at a time, and reports how far it got. It holds the App itself
 * (not its services), so it keeps working across the reopen a restore causes.
 */
export class BackupService {
  /**
   * The backup or restore running, if any (its key, phase and bytes). This process's only:
   * it is the "one at a time" lock too, read synchronously by the health check, so several
   * nodes would need a shared lock and progress here (see "Process state" in src/README.md).
   */
  private readonly progress = new BackupProgress();
  private fsCache: { fs: FileSystem; config: string } | null = null;
  private readonly scheduler: BackupScheduler;

  /** `leader`: auto backups run only while this node holds the lease (cluster/leader.ts). */
  constructor(
    private readonly app: BackupHost,
    private readonly leader: Leader,
  ) {
    this.scheduler = new BackupScheduler(app, leader, () => this.autoBackup());
  }

  /** Whether this node holds the leader lease (once-per-cluster jobs: pb_hooks' cron jobs too). */
  leads(): boolean {
    return this.leader.isLeader();
  }

  /** False while a backup or a restore runs (the health check's `canBackup`). */
  canBackup(): boolean {
    return !this.progress.running;
  }

  /** How far the running backup or restore got (admins only). */
  progressReport(who: Caller): ProgressReport {
    requireAdmin(who);
    return this.progress.report();
  }

  /** The backups storage for the current settings (a new one when `backups.s3` changed). */
  storage(): FileSystem {
    const s3 = this.app.settings.get().backups.s3;
    const config = JSON.stringify(s3);
    if (this.fsCache?.config !== config) {
      void this.fsCache?.fs.close().catch(() => undefined);
      this.fsCache = { fs: backupsFileSystem(this.app.dataDir, s3), config };
    }
    return this.fsCache.fs;
  }

  /** Backups are for admins only (unauthorized for anyone else). */
  authorize(who: Caller): void {
    requireAdmin(who);
  }

  /** Downloads carry an admin file token (`POST /api/files/token`) instead of an auth header. */
  async authorizeDownload(token: string | undefined): Promise<void> {
    const admin = token ? await this.app.admins.fromFileToken(token).catch(() => null) : null;
    if (!admin) throw forbidden("Insufficient permissions to access the resource.");
  }

  /** Every backup, newest first (then by key). */
  async list(who: Caller): Promise<BackupInfo[]> {
    requireAdmin(who);
    let files;
    try {
      files = await this.storage().list("");
    } catch (err) {
      throw badRequest(`Failed to retrieve backup items. Raw error: \n${rawText(err)}`);
    }
    return files
      .filter((f) => !f.key.includes("/"))
      .sort((a, b) => b.modified.getTime() - a.modified.getTime() || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .map((f) => ({ key: f.key, size: f.size, modified: formatDate(f.modified) }));
  }

  /** The auto-backup schedule in force ("" when off) and when it fires next. */
  autoSchedule(): { cron: string; next: Date | null } {
    return { cron: this.scheduler.scheduled, next: this.scheduler.nextRun() };
  }

  /**
   * A backup's stat, or why it cannot be had: the reference's raw "not found" text (it names
   * the local path) or the storage's error (e.g. an unreachable bucket).
   */
  async lookup(key: string, op: "stat" | "remove"): Promise<{ stat: FileStat } | { missing: string }> {
    if (!isBackupKey(key)) return { missing: this.notFoundText(key, op) };
    try {
      return { stat: await this.storage().stat(key) };
    } catch (err) {
      return { missing: err instanceof FileNotFoundError ? this.notFoundText(key, op) : rawText(err) };
    }
  }

  private notFoundText(key: string, op: "stat" | "remove"): string {
    const escaped = key.replace(/\//g, "__0x2f__").replace(/\\/g, "__0x5c__");
    const fs = this.storage();
    const where = fs instanceof LocalFileSystem ? `${op} ${path.join(fs.root, escaped)}: no such file or directory` : "NoSuchKey";
    return `blob (key ${JSON.stringify(key)}) (code=NotFound): ${where}.`;
  }

  /** Whether a key is taken; a storage that cannot tell counts as taken (as in the reference). */
  private async taken(fs: FileSystem, key: string): Promise<boolean> {
    return fs.exists(key).catch(() => true);
  }

  /** Makes a backup named `name` (generated when empty); resolves to its key once stored. */
  async create(who: Caller, name = "", auto = false): Promise<string> {
    requireAdmin(who);
    if (this.progress.running) throw busy();
    let key = name;
    if (key === "") key = generatedBackupName(this.app.settings.get().meta.appName, new Date(), auto);
    else {
      const problem = backupNameError(key);
      if (problem) throw new ValidationError(GENERIC, { name: problem });
    }
    this.progress.start("backup", key, "snapshot");
    const scratch = this.tempDir("backup");
    try {
      const fs = this.storage();
      if (await this.taken(fs, key)) {
        throw new ValidationError(GENERIC, { name: fieldError("validation_backup_name_exists", "The backup file name is invalid or already exists.") });
      }
      await fsp.mkdir(scratch, { recursive: true });
      const zip = path.join(scratch, "backup.zip");
      const { dataDir, db, logsDb } = this.app;
      await createArchive({ dataDir, db, logsDb }, scratch, zip, this.progress);
      this.progress.phase("store", (await fsp.stat(zip)).size);
      const counted = pipe(createReadStream(zip), byteCounter(this.progress.add), () => undefined);
      await fs.put(key, counted, ZIP_MIME, { metadata: { "original-filename": key } });
      return key;
    } finally {
      this.progress.finish();
      await fsp.rm(scratch, { recursive: true, force: true });
    }
  }

  /**
   * Stores an uploaded archive under its file name. The upload goes to a temp file first
   * (never into memory); only a zip is accepted, and never over an existing backup.
   */
  async upload(who: Caller, data: Readable, filename: string): Promise<void> {
    requireAdmin(who);
    const key = uploadBaseName(filename);
    const scratch = this.tempDir("upload");
    try {
      await fsp.mkdir(scratch, { recursive: true });
      const file = path.join(scratch, "upload");
      await pipeline(data, createWriteStream(file));
      const head = await readHead(file);
      const { size } = await fsp.stat(file);
      const detected = detectMime(head, size);
      if (detected.mime !== ZIP_MIME) {
        const shown = storedFileName(key, { detectedExt: detected.ext });
        throw new ValidationError(GENERIC, {
          file: fieldError("validation_invalid_mime_type", `"${shown}" mime type must be one of: ${ZIP_MIME}.`),
        });
      }
      if (!isBackupKey(key)) throw invalidUpload();
      const fs = this.storage();
      if (await this.taken(fs, key)) {
        throw new ValidationError(GENERIC, { file: fieldError("validation_backup_name_exists", "Backup file with the specified name already exists.") });
      }
      await fs.put(key, createReadStream(file), ZIP_MIME, { metadata: { "original-filename": key } });
    } finally {
      await fsp.rm(scratch, { recursive: true, force: true });
    }
  }

  async delete(who: Caller, key: string): Promise<void> {
    requireAdmin(who);
    if (this.progress.key === key) throw badRequest("The backup is currently being used and cannot be deleted.");
    const found = await this.lookup(key, "remove");
    if ("missing" in found) throw badRequest(`Invalid or already deleted backup file. Raw error: \n${found.missing}`);
    await this.storage().delete(key);
  }

  /**
   * Replaces the data with a backup's: the archive is checked and extracted beside the live
   * data while the server keeps serving, then the app closes its databases, the data swaps
   * in (crash-safe, see restore.ts) and the app reopens on it. Anything failing leaves the
   * previous data in place and serving.
   */
  async restore(who: Caller, key: string): Promise<void> {
    requireAdmin(who);
    if (this.progress.running) throw busy();
    // Taken before the first await, so two restores cannot both start.
    this.progress.start("restore", key, "validate");
    const { dataDir } = this.app;
    const stage = stagingDir(dataDir, randomString(16));
    let swapped = false;
    try {
      const found = await this.lookup(key, "stat");
      if ("missing" in found) throw badRequest("Missing or invalid backup file.");
      await fsp.mkdir(path.join(stage, "new"), { recursive: true });
      const fs = this.storage();
      let zip: string;
      if (fs instanceof LocalFileSystem) zip = fs.pathOf(key);
      else {
        zip = path.join(stage, "archive.zip");
        this.progress.phase("download", found.stat.size);
        await pipeline(await fs.read(key), byteCounter(this.progress.add), createWriteStream(zip));
        this.progress.phase("validate");
      }
      const total = await validateArchive(zip, dataDir);
      this.progress.phase("extract", total);
      await extractArchive(zip, path.join(stage, "new"), this.progress.add);
      this.progress.phase("reload");
      if (this.app.db.dialect.name === "postgres") await this.loadDatabase(path.join(stage, "new"));
      swapped = true;
      await this.app.reload(
        () => swapIn(dataDir, stage),
        () => undoSwap(dataDir, stage),
      );
      commitSwap(dataDir);
      // Listeners (the schedule, storage caches) follow the restored settings.
      void this.fsCache?.fs.close().catch(() => undefined);
      this.fsCache = null;
      this.app.events.emit({ type: "settings.save", settings: this.app.settings.get() });
    } catch (err) {
      if (err instanceof ArchiveError) throw badRequest(`Failed to restore the backup: ${err.message}. The previous data was kept.`);
      if (swapped) throw badRequest(`Failed to restore the backup: the restored data could not be opened (${(err as Error).message}). The previous data was kept.`);
      throw err;
    } finally {
      this.progress.finish();
      await fsp.rm(stage, { recursive: true, force: true });
    }
  }

  /**
   * PostgreSQL: the archive's data.db and logs.db replace Cairn's tables in one transaction
   * (rows counted in the `reload` phase), before the files swap in; the directory keeps no
   * database file. A failure leaves the database as it was.
   */
  private async loadDatabase(extracted: string): Promise<void> {
    try {
      await loadIntoPostgres(this.app.db, extracted, { createCollectionsStorage, ...rowProgress(this.progress, "reload") });
    } catch (err) {
      throw new ArchiveError(`the data could not be loaded into PostgreSQL (${(err as Error).message})`);
    }
    for (const name of await fsp.readdir(extracted)) {
      if (/^(data|logs)\.db(-.*)?$/.test(name)) await fsp.rm(path.join(extracted, name), { force: true });
    }
  }

  /** A scheduled backup, then the pruning of the oldest auto backups beyond `cronMaxKeep`. */
  async autoBackup(): Promise<void> {
    if (this.progress.running) return;
    await this.create(SYSTEM_CALLER, "", true);
    const keep = Math.max(1, this.app.settings.get().backups.cronMaxKeep);
    const autos = (await this.list(SYSTEM_CALLER)).filter((b) => b.key.startsWith(AUTO_PREFIX));
    for (const old of autos.slice(keep)) await this.storage().delete(old.key);
  }

  async close(): Promise<void> {
    this.scheduler.stop();
    await this.fsCache?.fs.close().catch(() => undefined);
    this.fsCache = null;
  }

  private tempDir(what: string): string {
    return path.join(this.app.dataDir, TEMP_DIR, scratchName(what, randomString(16)));
  }
}

/** An error's text as the reference shows raw errors: ending with a period. */
function rawText(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** A backup key: a plain file name the storage accepts. */
function isBackupKey(key: string): boolean {
  return key !== "" && !key.includes("/") && keyProblem(key) === null;
}

async function readHead(file: string): Promise<Buffer> {
  const handle = await fsp.open(file, "r");
  try {
    const buf = Buffer.alloc(SNIFF_LIMIT);
    const { bytesRead } = await handle.read(buf, 0, SNIFF_LIMIT, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
