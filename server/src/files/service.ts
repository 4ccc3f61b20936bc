import type { AdminModel } from "../models/admin.js";
import type { Caller } from "../auth/caller.js";
import type { EventBus } from "../events/bus.js";
import type { AuthInfo } from "../query/requestInfo.js";
import type { SettingsStore } from "../settings/store.js";
import { badRequest } from "../tools/errors.js";
import { canAccessFile, fileForbidden, resolveFileToken, type FileTokenDeps } from "./access.js";
import type { FileSystem } from "./filesystem.js";
import { fileKey, recordPrefix, thumbsPrefix } from "./names.js";
import { locateRecordFile, type RecordFileRequest } from "./recordFiles.js";
import type { LocatedFile } from "./locatedFile.js";
import { spoolDir } from "./spoolDir.js";
import { S3FileSystem } from "./s3.js";
import { S3UploadSpool, type StreamFolder } from "./s3Spool.js";
import { UploadSpool, type Spool, type StreamedObject, type TempFile } from "./spool.js";
import { createFileSystem } from "./storage.js";
import { Thumbnailer } from "./thumbs.js";

/** A file ready for storage under a record: its bytes, a spooled temp file or an object streamed to S3 (see spool()). */
export interface StoredFile {
  name: string;
  data: Buffer | TempFile | StreamedObject;
  mime: string;
  originalName: string;
}

export interface FilesServiceOptions extends FileTokenDeps<AuthInfo> {
  dataDir: string;
  settings: SettingsStore;
  /** `settings.save` drops the current storage (the next use builds one from the new settings). */
  events: EventBus;
  dev?: boolean;
  admins: FileTokenDeps<AuthInfo>["admins"] & { fileToken(admin: AdminModel): Promise<string> };
  /** Signs a file token for a signed-in auth record. */
  recordFileToken: (auth: AuthInfo) => Promise<string>;
}

/**
 * The uploads storage: owns the current file system (the S3 bucket or `<dataDir>/storage`,
 * rebuilt when the settings change) and its thumbnailer; stores, deletes and serves the
 * files of records and decides who may read a protected one.
 */
export class FilesService {
  private current: { fs: FileSystem; thumbs: Thumbnailer } | null = null;
  private readonly unsubscribe: () => void;

  constructor(private readonly opts: FilesServiceOptions) {
    this.unsubscribe = opts.events.on("settings.save", () => {
      const old = this.current;
      this.current = null;
      void old?.fs.close().catch(() => undefined);
    });
  }

  /** The current file system and thumbnailer (made on first use after a settings change). */
  storage(): { fs: FileSystem; thumbs: Thumbnailer } {
    if (!this.current) {
      const fs = createFileSystem(this.opts.dataDir, this.opts.settings.get().s3);
      this.current = { fs, thumbs: new Thumbnailer(fs, (err) => this.report(err)) };
    }
    return this.current;
  }

  /**
   * Stores a record's new files. All or nothing: when one fails, those already written
   * are deleted again and the error is thrown.
   */
  async store(collectionId: string, recordId: string, files: readonly StoredFile[]): Promise<void> {
    if (files.length === 0) return;
    const { fs } = this.storage();
    const written: string[] = [];
    try {
      for (const f of files) {
        const key = fileKey(collectionId, recordId, f.name);
        const opts = { metadata: { "original-filename": f.originalName } };
        written.push(f.name);
        if (Buffer.isBuffer(f.data)) await fs.put(key, f.data, f.mime, opts);
        else if ("moveTo" in f.data) await f.data.moveTo(key);
        else await fs.putFile(key, f.data, f.mime, opts);
      }
    } catch (err) {
      await this.delete(collectionId, recordId, written);
      throw err;
    }
  }

  /**
   * A fresh spool for one request's uploads. Local storage: temp files under
   * `<dataDir>/.tmp/uploads` (the storage's filesystem, so they are renamed into place).
   * S3: objects streamed into the bucket under the record's folder while they arrive.
   */
  spool(folder: StreamFolder): Spool {
    const { fs } = this.storage();
    if (fs instanceof S3FileSystem) return new S3UploadSpool(fs, folder);
    return new UploadSpool(spoolDir(this.opts.dataDir), { md5: true });
  }

  /** Deletes a record's files with their thumbs; failures are reported, never thrown (the record is already saved). */
  async delete(collectionId: string, recordId: string, names: readonly string[]): Promise<void> {
    if (names.length === 0) return;
    const { fs } = this.storage();
    for (const name of names) {
      try {
        await fs.delete(fileKey(collectionId, recordId, name));
        await fs.deletePrefix(thumbsPrefix(collectionId, recordId, name));
      } catch (err) {
        this.report(err);
      }
    }
  }

  /** Deletes everything stored under a record (`<collectionId>/<recordId>/`). */
  async deleteRecord(collectionId: string, recordId: string): Promise<void> {
    await this.deletePrefix(recordPrefix(collectionId, recordId));
  }

  /** Deletes everything stored under a collection (`<collectionId>/`). */
  async deleteCollection(collectionId: string): Promise<void> {
    await this.deletePrefix(collectionId + "/");
  }

  /** A record's file or thumb; null when the original is not in storage. */
  async locate(req: RecordFileRequest): Promise<LocatedFile | null> {
    const { fs, thumbs } = this.storage();
    return locateRecordFile(fs, thumbs, req);
  }

  /**
   * Lets a file through or throws the reference's refusal (forbidden): unprotected files always, protected
   * ones for an admin file token, else when `viewAllows` accepts the token's auth record
   * (null for a guest).
   */
  async authorize(isProtected: boolean, token: unknown, viewAllows: (auth: AuthInfo | null) => boolean | Promise<boolean>): Promise<void> {
    if (!isProtected) return;
    const who = await resolveFileToken<AuthInfo>(this.opts, token);
    if (!(await canAccessFile(true, who, viewAllows))) throw fileForbidden();
  }

  /** A short-lived token for protected files, for a signed-in admin or auth record. */
  async fileToken(who: Caller): Promise<string> {
    if (who.admin && who.adminModel) return this.opts.admins.fileToken(who.adminModel);
    if (who.info.auth) return this.opts.recordFileToken(who.info.auth);
    throw badRequest("Failed to generate file token.");
  }

  async close(): Promise<void> {
    this.unsubscribe();
    await this.current?.fs.close();
    this.current = null;
  }

  private async deletePrefix(prefix: string): Promise<void> {
    try {
      await this.storage().fs.deletePrefix(prefix);
    } catch (err) {
      this.report(err);
    }
  }

  private report(err: unknown): void {
    if (this.opts.dev) console.error(err);
  }
}
