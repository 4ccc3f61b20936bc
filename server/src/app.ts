import { mkdirSync } from "node:fs";
import path from "node:path";
import { openDatabase, type DB } from "./db/connection.js";
import { migrateDataDb, migrateLogsDb } from "./db/migrate.js";
import { SettingsStore } from "./settings/store.js";
import { LogWriter } from "./logs/writer.js";
import { Mailer } from "./mail/mailer.js";
import { AdminService } from "./services/admins.js";
import { CollectionService } from "./services/collections.js";
import { RecordsApi } from "./records/api.js";
import { RecordAuth } from "./records/auth.js";
import { createEventBus, type EventBus } from "./events/bus.js";
import { endpointOverridesFromEnv, type EndpointOverrides } from "./auth/oauth2/index.js";
import { ExternalAuths } from "./records/externalAuths.js";
import { OAuth2Login } from "./records/oauth2Login.js";
import { LoginAlerts } from "./records/loginAlert.js";

export interface AppOptions {
  /** The data directory holding data.db, logs.db and storage/. */
  dataDir: string;
  /** Print extra diagnostics (SQL errors, stack traces) to stderr. */
  dev?: boolean;
  /** Key for the stored settings (the value of PocketBase's `--encryptionEnv` variable); "" or absent: plain. */
  encryptionKey?: string;
  /** Test-only OAuth2 endpoint replacements (defaults to `CAIRN_OAUTH2_TEST_ENDPOINTS`, when set). */
  oauth2Endpoints?: EndpointOverrides;
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
  /** Auth records' OAuth2 links (`_externalAuths`). */
  readonly externalAuths: ExternalAuths;
  /** OAuth2 sign-in of auth records. */
  readonly oauth2Login: OAuth2Login;
  /** Password sign-in alerts for accounts with OAuth2 links. */
  readonly loginAlerts: LoginAlerts;
  /** Test-only OAuth2 endpoint replacements (empty in normal use). */
  readonly oauth2Endpoints: EndpointOverrides;
  /** Announces committed changes (records, collections, settings, admins). */
  readonly events: EventBus;
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
  const settings = new SettingsStore(db, {
    encryptionKey: opts.encryptionKey,
    onLoadError: (message) =>
      process.stderr.write(`=====================================\nWARNING: Settings load error! \n${message}\nFallback to the application defaults.\n=====================================\n`),
  });
  settings.onChange((s) => events.emit({ type: "settings.save", settings: s }));
  const logs = new LogWriter(logsDb, settings);
  const mailer = new Mailer(settings);
  const admins = new AdminService({ db, settings, mailer });
  const collections = new CollectionService({ db, dataDir, settings, dev: opts.dev ?? false });
  const records = new RecordsApi({ db, collections, dataDir, settings, events, dev: opts.dev ?? false });
  const recordAuth = new RecordAuth({ db, collections, settings });
  const oauth2Endpoints = opts.oauth2Endpoints ?? endpointOverridesFromEnv();
  const externalAuths = new ExternalAuths({ db, collections, events, records });
  const oauth2Login = new OAuth2Login({ db, collections, settings, records, events, oauth2Endpoints }, externalAuths);
  const loginAlerts = new LoginAlerts({ settings, mailer, records }, externalAuths);
  let closed = false;
  return {
    dataDir,
    dev: opts.dev ?? false,
    db,
    logsDb,
    settings,
    logs,
    mailer,
    admins,
    collections,
    records,
    recordAuth,
    externalAuths,
    oauth2Login,
    loginAlerts,
    oauth2Endpoints,
    events,
    async close() {
      if (closed) return;
      closed = true;
      await records.close();
      await logs.close();
      mailer.close();
      db.close();
      logsDb.close();
    },
  };
}
