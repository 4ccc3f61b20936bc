import { mkdirSync } from "node:fs";
import path from "node:path";
import { checkDatabaseUrl, connectError, openDatabases, openReadPool, type ReadPool } from "./db/open.js";
import { createCollectionsStorage } from "./collections/sync.js";
import type { Db } from "./db/types.js";
import { recordsRepo } from "./db/records.js";
import { SettingsStore } from "./settings/store.js";
import { defaultSettings } from "./settings/defaults.js";
import { LogWriter } from "./logs/writer.js";
import { Mailer } from "./mail/mailer.js";
import { AdminService } from "./admins/service.js";
import { CollectionService } from "./collections/service.js";
import { RecordService } from "./records/service.js";
import { RecordAuth } from "./records/auth.js";
import type { RecordWriteHooks } from "./records/writeHooks.js";
import { createEventBus, type EventBus } from "./events/bus.js";
import { FilesService } from "./files/service.js";
import { OrphanSweeper } from "./files/orphanSweeper.js";
import { recordFoldersOf } from "./files/recordFolders.js";
import type { AuthInfo } from "./query/requestInfo.js";
// --- backups (issue 10): in-place reopen after a restore ---
import { reloadable } from "./backups/reloadable.js";
import { recoverRestore } from "./backups/restore.js";
import { BackupService } from "./backups/service.js";
import { localNode, postgresNode, type NodeServices } from "./cluster/node.js";
import { collectionsWritten } from "./db/collectionsCache.js";
import { RealtimeService, type RealtimeOptions } from "./realtime/service.js";
import { endpointOverridesFromEnv, type EndpointOverrides } from "./auth/oauth2/index.js";
import { ExternalAuths } from "./records/externalAuths.js";
import { OAuth2Login } from "./records/oauth2Login.js";
import { LoginAlerts } from "./records/loginAlert.js";
import { RecordAuthFlows } from "./records/authFlows.js";
import { BatchService } from "./batch/service.js";
import { RateLimiter } from "./ratelimit/limiter.js";
import { OpenApiService } from "./openapi/service.js";
import { decryptText, encryptText } from "./settings/encryption.js";
import { EmailOtps } from "./auth/emailOtp.js";
import { MfaSessions, RecordMfaGate } from "./auth/mfa.js";
import { TotpFactors, type SecretBox } from "./auth/totpFactors.js";
import { RecordSignInFactors } from "./records/signInFactors.js";
import { AdminTotp } from "./admins/totp.js";

export interface AppOptions {
  /** The data directory holding data.db, logs.db and storage/. */
  dataDir: string;
  /** A PostgreSQL URL: the data lives there, and this process is one node of those sharing it. */
  databaseUrl?: string;
  /** PostgreSQL connections of this process (default 10); with databaseUrl only. */
  dbPoolSize?: number;
  /** A one-off command (admin, typegen, ...) beside running servers: never takes the leader lease. */
  oneOff?: boolean;
  /** Print extra diagnostics (SQL errors, stack traces) to stderr. */
  dev?: boolean;
  /** Realtime limits (idle timeout, per-client backlog); the reference's defaults otherwise. */
  realtime?: RealtimeOptions;
  /** Key for the stored settings (the value of PocketBase's `--encryptionEnv` variable); "" or absent: plain. */
  encryptionKey?: string;
  /** Test-only OAuth2 endpoint replacements (defaults to `CAIRN_OAUTH2_TEST_ENDPOINTS`, when set). */
  oauth2Endpoints?: EndpointOverrides;
  /** Worker threads for slow list reads (0: every read on the main thread); default min(2, cores). */
  readWorkers?: number;
  /** From what median time (ms) a list statement goes to a read worker (default 0.5; 0 sends every one, for tests). */
  readSlowMs?: number;
  /** Start the read workers as the services open (at start and after a restore), not on the first slow read. */
  warmReadWorkers?: boolean;
  /** Code run around record writes (pb_hooks, set once loaded: cli/hooks.ts); kept across restores. */
  recordHooks?: RecordWriteHooks;
}

export interface App {
  readonly dataDir: string;
  readonly dev: boolean;
  /** data.db: collections, records, admins, settings. */
  readonly db: Db;
  /** logs.db: request logs. */
  readonly logsDb: Db;
  /** Slow reads of db and logsDb on worker threads with their own read-only connections (the databases route to it). */
  readonly readPool: ReadPool;
  readonly settings: SettingsStore;
  readonly logs: LogWriter;
  readonly mailer: Mailer;
  readonly admins: AdminService;
  readonly collections: CollectionService;
  readonly records: RecordService;
  readonly recordAuth: RecordAuth;
  /** Auth records' mail flows: verification, password reset, email change; the auth methods. */
  readonly recordAuthFlows: RecordAuthFlows;
  /** The uploads storage (local or S3, per the current settings). */
  readonly files: FilesService;
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
  /** Backups: create, upload, restore, the schedule (lives across reloads). */
  readonly backups: BackupService;
  /** Realtime (SSE) clients and their subscriptions, fed by the event bus. */
  readonly realtime: RealtimeService;
  /** Transactional record batches (`POST /api/batch`). */
  readonly batch: BatchService;
  /** Request rate limits from the settings (checked by the HTTP layer). */
  readonly rateLimits: RateLimiter;
  /** The OpenAPI document of the API as it stands. */
  readonly openApi: OpenApiService;
  /** Auth records' email one-time codes, authenticator apps and second-factor sign-in. */
  readonly signInFactors: RecordSignInFactors;
  /** Admins' authenticator apps and their second-factor sign-in. */
  readonly adminTotp: AdminTotp;
  /** Flushes pending logs and closes the databases. Safe to call twice. */
  close(): Promise<void>;
  /**
   * Closes every database and service, runs `swap` (file work on the data directory), and
   * opens them again on the same App object; when that open fails, `undo` runs and the app
   * reopens on what it left (the error is rethrown).
   */
  reload(swap: () => void, undo: () => void): Promise<void>;
  /** Resolves at once, or when a reload in progress has reopened the services. */
  whenOpen(): Promise<void>;
  /** False while a reload is in progress. */
  isOpen(): boolean;
}

/** What openApp builds: the services that a restore closes and reopens. */
type AppCore = Omit<App, "backups" | "reload" | "whenOpen" | "isOpen">;

/**
 * Opens (and on first use creates) a data directory and wires the app services over it.
 * The returned App keeps its identity across restores: its properties always point to the
 * services opened last (see backups/reloadable.ts).
 */
export async function createApp(opts: AppOptions): Promise<App> {
  const dataDir = path.resolve(opts.dataDir);
  mkdirSync(dataDir, { recursive: true });
  // A restore interrupted by a crash is finished or undone before any database opens.
  recoverRestore(dataDir);
  // Alone on SQLite; on PostgreSQL the bus, rate limits and leader lease are the cluster's.
  const url = opts.databaseUrl;
  // A bad URL or an unreachable server: one line naming the database (password redacted).
  if (url) checkDatabaseUrl(url);
  const node = url ? await postgresNode(url, { oneOff: opts.oneOff }).catch((err: unknown) => Promise.reject(connectError(url, err))) : localNode();
  const events = createEventBus({ transport: node.transport });
  return reloadable<AppCore, Pick<App, "events" | "backups" | "close">>(
    () => openApp({ ...opts, dataDir }, events, node),
    (app) => {
      const backups = new BackupService(app, node.leader);
      return { events, backups, close: () => backups.close().then(() => node.close()) };
    },
  ).catch(async (err: unknown) => {
    // Services that failed to open leave no connection of the node's behind.
    await node.close();
    throw err;
  });
}
// --- end backups ---

async function openApp(opts: AppOptions & { dataDir: string }, events: EventBus, node: NodeServices): Promise<AppCore> {
  const dataDir = opts.dataDir;
  // Workers open their connections on first slow read, after the migrations openDataDir runs.
  const readPool = openReadPool({ size: opts.readWorkers, slowMs: opts.readSlowMs });
  const { data: db, logs: logsDb } = await openDatabases({
    dataDir,
    databaseUrl: opts.databaseUrl,
    poolSize: opts.dbPoolSize,
    readPool,
    initialSettings: defaultSettings,
    createCollectionsStorage,
  });
  if (opts.warmReadWorkers) readPool.warm();
  const settings = await SettingsStore.open(db, events, {
    encryptionKey: opts.encryptionKey,
    onLoadError: (message) =>
      process.stderr.write(`=====================================\nWARNING: Settings load error! \n${message}\nFallback to the application defaults.\n=====================================\n`),
  });
  // Other nodes' changes: settings read back from the database, cached collections dropped.
  node.bind({ reloadSettings: () => settings.reload(), collectionsChanged: () => collectionsWritten(db) });
  // Once-per-cluster jobs (log retention, the orphan sweep) run on the leader only.
  const leads = () => node.leader.isLeader();
  const logs = new LogWriter(logsDb, settings, events, { leads });
  const mailer = new Mailer(settings, events);
  const dev = opts.dev ?? false;
  // Sign-in factors (email codes, MFA sessions, authenticator apps); TOTP secrets are sealed
  // with the settings' encryption key when one is set.
  const key = opts.encryptionKey;
  const box: SecretBox | null = key ? { seal: (s) => encryptText(s, key), open: (s) => decryptText(s, key) } : null;
  const mfaSessions = new MfaSessions({ db });
  const totpFactors = new TotpFactors({ db, box });
  // Per-address and per-account sign-in counters, apart from the settings' rules (a rules change clears those).
  const signInLimits = node.signInLimits;
  const admins = new AdminService({ db, settings, mailer, events, factors: { totp: totpFactors, sessions: mfaSessions } });
  // Record tokens resolve through recordAuth, made below; the closures run only on requests.
  const files: FilesService = new FilesService({
    dataDir,
    settings,
    events,
    dev,
    admins,
    recordFromFileToken: (token: string) => recordAuth.fromFileToken(token),
    recordFileToken: (auth: AuthInfo): Promise<string> => recordAuth.fileToken(auth),
  });
  const collections: CollectionService = new CollectionService({ db, files, events, dev });
  const records = new RecordService({ db, files, events, dev, hooks: opts.recordHooks });
  // The login alert needs the OAuth2 links, made below; the closure runs only on sign-ins.
  const mfaGate = new RecordMfaGate({ db, sessions: mfaSessions });
  const recordAuth: RecordAuth = new RecordAuth({ db, settings, records, mfa: mfaGate, hooks: opts.recordHooks }, (c, a) => loginAlerts.afterPasswordLogin(c, a));
  const realtime = new RealtimeService({ db, records, events, calls: node.calls }, opts.realtime);
  const oauth2Endpoints = opts.oauth2Endpoints ?? endpointOverridesFromEnv();
  const externalAuths = new ExternalAuths({ db, recordAuth });
  const recordAuthFlows = new RecordAuthFlows({ db, events, settings, mailer, recordAuth, logs, oauth2Endpoints });
  const oauth2Login = new OAuth2Login({ db, settings, records, recordAuth, events, oauth2Endpoints });
  const loginAlerts: LoginAlerts = new LoginAlerts({ db, events, settings, mailer });
  const batch = new BatchService({ db, records, files, settings });
  // Storage folders a crash left without their record go once old enough (off the request path).
  const orphans = new OrphanSweeper({
    folders: () => recordFoldersOf(files.storage().fs),
    collections: async () => (await collections.all()).filter((c) => c.type !== "view"),
    hasRecord: (table, id) => recordsRepo.idExists(db, table, id),
    leads,
  });
  orphans.start();
  const offLeader = node.leader.onChange((leader) => leader && orphans.start());
  const rateLimits = new RateLimiter(settings.get().rateLimits, node.rateLimits);
  const offRateLimits = events.on("settings.save", (e) => rateLimits.configure(e.settings.rateLimits));
  const openApi = new OpenApiService({ collections, settings, events });
  const signInFactors = new RecordSignInFactors({
    db, events, settings, mailer, logs, recordAuth, otps: new EmailOtps({ db }), totp: totpFactors, sessions: mfaSessions, limits: signInLimits,
  });
  const adminTotp = new AdminTotp({ admins, totp: totpFactors, sessions: mfaSessions, settings, limits: signInLimits });
  let closed = false;
  return {
    dataDir,
    dev,
    db,
    logsDb,
    readPool,
    settings,
    logs,
    mailer,
    admins,
    collections,
    records,
    recordAuth,
    recordAuthFlows,
    files,
    externalAuths,
    oauth2Login,
    loginAlerts,
    oauth2Endpoints,
    events,
    realtime,
    batch,
    rateLimits,
    openApi,
    signInFactors,
    adminTotp,
    async close() {
      if (closed) return;
      closed = true;
      node.bind(null);
      offLeader();
      offRateLimits();
      realtime.close();
      // Reads in progress finish before the connections they read go away.
      await readPool.close();
      await orphans.close();
      await files.close();
      await logs.close();
      mailer.close();
      await db.close();
      await logsDb.close();
    },
  };
}
