import { mkdirSync } from "node:fs";
import path from "node:path";
import { openDatabase, type DB } from "./db/connection.js";
import { migrateDataDb, migrateLogsDb } from "./db/migrate.js";
import { SettingsStore } from "./settings/store.js";
import { LogWriter } from "./logs/writer.js";
import { Mailer } from "./mail/mailer.js";
import { AdminService } from "./admins/service.js";
import { CollectionService } from "./collections/service.js";
import { RecordsApi } from "./records/api.js";
import { RecordAuth } from "./records/auth.js";
import { createEventBus, type EventBus } from "./events/bus.js";
import { FilesService } from "./files/service.js";
import type { AuthInfo } from "./query/requestInfo.js";
import { BatchService } from "./batch/service.js";
import { RateLimiter } from "./ratelimit/limiter.js";
import { OpenApiService } from "./openapi/service.js";

export interface AppOptions {
  /** The data directory holding data.db, logs.db and storage/. */
  dataDir: string;
  /** Print extra diagnostics (SQL errors, stack traces) to stderr. */
  dev?: boolean;
}

export interface App {
  readonly dataDir: string;
  readonly dev: boolean;
  readonly db: DB;
  readonly logsDb: DB;
  readonly settings: SettingsStore;
  readonly logs: LogWriter;
  readonly mailer: Mailer;
  readonly admins: AdminService;
  readonly collections: CollectionService;
  readonly records: RecordsApi;
  readonly recordAuth: RecordAuth;
  /** The uploads storage (local or S3, per the current settings). */
  readonly files: FilesService;
  /** Announces committed changes (records, collections, settings, admins). */
  readonly events: EventBus;
  /** Transactional record batches (`POST /api/batch`). */
  readonly batch: BatchService;
  /** Request rate limits from the settings (checked by the HTTP layer). */
  readonly rateLimits: RateLimiter;
  /** The OpenAPI document of the API as it stands. */
  readonly openApi: OpenApiService;
  /** Flushes pending logs and closes the databases. Safe to call twice. */
  close(): Promise<void>;
}

/** Opens (and on first use creates) a data directory and wires the app services over it. */
export function createApp(opts: AppOptions): App {
  const dataDir = path.resolve(opts.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const db = openDatabase(path.join(dataDir, "data.db"));
  const logsDb = openDatabase(path.join(dataDir, "logs.db"));
  migrateDataDb(db);
  migrateLogsDb(logsDb);
  const events = createEventBus();
  const settings = new SettingsStore(db);
  settings.onChange((s) => events.emit({ type: "settings.save", settings: s }));
  const logs = new LogWriter(logsDb, settings);
  const mailer = new Mailer(settings);
  const dev = opts.dev ?? false;
  const admins = new AdminService({ db, settings, mailer, events });
  // Record tokens resolve through recordAuth, made below; the closures run only on requests.
  const files: FilesService = new FilesService({
    dataDir,
    settings,
    dev,
    admins,
    recordFromFileToken: (token: string) => recordAuth.fromFileToken(token),
    recordFileToken: (auth: AuthInfo): Promise<string> => recordAuth.fileToken(auth),
  });
  const collections: CollectionService = new CollectionService({ db, files, events, dev });
  const records = new RecordsApi({ db, collections, files, events, dev });
  const recordAuth: RecordAuth = new RecordAuth({ db, collections, settings, records });
  const batch = new BatchService({ db, collections, files, events, settings, dev });
  const rateLimits = new RateLimiter(settings.get().rateLimits);
  settings.onChange((s) => rateLimits.configure(s.rateLimits));
  const openApi = new OpenApiService({ collections, settings, events });
  let closed = false;
  return {
    dataDir,
    dev,
    db,
    logsDb,
    settings,
    logs,
    mailer,
    admins,
    collections,
    records,
    recordAuth,
    files,
    events,
    batch,
    rateLimits,
    openApi,
    async close() {
      if (closed) return;
      closed = true;
      await files.close();
      await logs.close();
      mailer.close();
      db.close();
      logsDb.close();
    },
  };
}
