/**
 * System tables of a PocketBase v0.22 data directory, in their final (all
 * migrations applied) shape. Column names, types, defaults and index names match
 * the reference so either server can open the other's files.
 */
const NOW = "(strftime('%Y-%m-%d %H:%M:%fZ'))";

export const MIGRATIONS_TABLE = "CREATE TABLE IF NOT EXISTS `_migrations` (file VARCHAR(255) PRIMARY KEY NOT NULL, applied INTEGER NOT NULL)";

export const DATA_TABLES: string[] = [
  `CREATE TABLE \`_admins\` (
    \`id\`              TEXT PRIMARY KEY NOT NULL,
    \`avatar\`          INTEGER DEFAULT 0 NOT NULL,
    \`email\`           TEXT UNIQUE NOT NULL,
    \`tokenKey\`        TEXT UNIQUE NOT NULL,
    \`passwordHash\`    TEXT NOT NULL,
    \`lastResetSentAt\` TEXT DEFAULT "" NOT NULL,
    \`created\`         TEXT DEFAULT ${NOW} NOT NULL,
    \`updated\`         TEXT DEFAULT ${NOW} NOT NULL
  )`,
  `CREATE TABLE \`_collections\` (
    \`id\`         TEXT PRIMARY KEY NOT NULL,
    \`system\`     BOOLEAN DEFAULT FALSE NOT NULL,
    \`type\`       TEXT DEFAULT "base" NOT NULL,
    \`name\`       TEXT UNIQUE NOT NULL,
    \`schema\`     JSON DEFAULT "[]" NOT NULL,
    \`indexes\`    JSON DEFAULT "[]" NOT NULL,
    \`listRule\`   TEXT DEFAULT NULL,
    \`viewRule\`   TEXT DEFAULT NULL,
    \`createRule\` TEXT DEFAULT NULL,
    \`updateRule\` TEXT DEFAULT NULL,
    \`deleteRule\` TEXT DEFAULT NULL,
    \`options\`    JSON DEFAULT "{}" NOT NULL,
    \`created\`    TEXT DEFAULT ${NOW} NOT NULL,
    \`updated\`    TEXT DEFAULT ${NOW} NOT NULL
  )`,
  `CREATE TABLE \`_params\` (
    \`id\`      TEXT PRIMARY KEY NOT NULL,
    \`key\`     TEXT UNIQUE NOT NULL,
    \`value\`   JSON DEFAULT NULL,
    \`created\` TEXT DEFAULT "" NOT NULL,
    \`updated\` TEXT DEFAULT "" NOT NULL
  )`,
  `CREATE TABLE \`_externalAuths\` (
    \`id\`           TEXT PRIMARY KEY NOT NULL,
    \`collectionId\` TEXT NOT NULL,
    \`recordId\`     TEXT NOT NULL,
    \`provider\`     TEXT NOT NULL,
    \`providerId\`   TEXT NOT NULL,
    \`created\`      TEXT DEFAULT ${NOW} NOT NULL,
    \`updated\`      TEXT DEFAULT ${NOW} NOT NULL,
    ---
    FOREIGN KEY (\`collectionId\`) REFERENCES \`_collections\` (\`id\`) ON UPDATE CASCADE ON DELETE CASCADE
  )`,
  "CREATE UNIQUE INDEX _externalAuths_record_provider_idx on `_externalAuths` (`collectionId`, `recordId`, `provider`)",
  "CREATE UNIQUE INDEX _externalAuths_collection_provider_idx on `_externalAuths` (`collectionId`, `provider`, `providerId`)",
];

/** The default `users` auth collection of a new installation. */
export const USERS_TABLE: string[] = [
  "CREATE TABLE `users` (`avatar` TEXT DEFAULT '' NOT NULL, `created` TEXT DEFAULT (strftime('%Y-%m-%d %H:%M:%fZ')) NOT NULL, `email` TEXT DEFAULT '' NOT NULL, `emailVisibility` BOOLEAN DEFAULT FALSE NOT NULL, `id` TEXT PRIMARY KEY DEFAULT ('r'||lower(hex(randomblob(7)))) NOT NULL, `lastLoginAlertSentAt` TEXT DEFAULT '' NOT NULL, `lastResetSentAt` TEXT DEFAULT '' NOT NULL, `lastVerificationSentAt` TEXT DEFAULT '' NOT NULL, `name` TEXT DEFAULT '' NOT NULL, `passwordHash` TEXT NOT NULL, `tokenKey` TEXT NOT NULL, `updated` TEXT DEFAULT (strftime('%Y-%m-%d %H:%M:%fZ')) NOT NULL, `username` TEXT NOT NULL, `verified` BOOLEAN DEFAULT FALSE NOT NULL)",
  "CREATE UNIQUE INDEX __pb_users_auth__username_idx ON `users` (`username`)",
  "CREATE UNIQUE INDEX __pb_users_auth__email_idx ON `users` (`email`) WHERE `email` != ''",
  "CREATE UNIQUE INDEX __pb_users_auth__tokenKey_idx ON `users` (`tokenKey`)",
];

export const USERS_COLLECTION = {
  id: "_pb_users_auth_",
  system: false,
  type: "auth",
  name: "users",
  schema: [
    { system: false, id: "users_name", name: "name", type: "text", required: false, presentable: false, unique: false, options: { min: null, max: null, pattern: "" } },
    {
      system: false, id: "users_avatar", name: "avatar", type: "file", required: false, presentable: false, unique: false,
      options: { mimeTypes: ["image/jpeg", "image/png", "image/svg+xml", "image/gif", "image/webp"], thumbs: null, maxSelect: 1, maxSize: 5242880, protected: false },
    },
  ],
  indexes: [],
  listRule: "id = @request.auth.id",
  viewRule: "id = @request.auth.id",
  createRule: "",
  updateRule: "id = @request.auth.id",
  deleteRule: "id = @request.auth.id",
  options: {
    allowEmailAuth: true, allowOAuth2Auth: true, allowUsernameAuth: true, exceptEmailDomains: null, manageRule: null,
    minPasswordLength: 8, onlyEmailDomains: null, onlyVerified: false, requireEmail: false,
  },
};

export const LOGS_TABLES: string[] = [
  `CREATE TABLE \`_logs\` (
    \`id\`      TEXT PRIMARY KEY DEFAULT ('r'||lower(hex(randomblob(7)))) NOT NULL,
    \`level\`   INTEGER DEFAULT 0 NOT NULL,
    \`message\` TEXT DEFAULT "" NOT NULL,
    \`data\`    JSON DEFAULT "{}" NOT NULL,
    \`created\` TEXT DEFAULT ${NOW} NOT NULL,
    \`updated\` TEXT DEFAULT ${NOW} NOT NULL
  )`,
  "CREATE INDEX _logs_level_idx on `_logs` (`level`)",
  "CREATE INDEX _logs_message_idx on `_logs` (`message`)",
  "CREATE INDEX _logs_created_hour_idx on `_logs` (strftime('%Y-%m-%d %H:00:00', `created`))",
];

/** Migration files the reference records; Cairn records the same names so the reference applies none of them again. */
export const DATA_MIGRATIONS = [
  "1640988000_init.go",
  "1673167670_multi_match_migrate.go",
  "1677152688_rename_authentik_to_oidc.go",
  "1679943780_normalize_single_multiple_values.go",
  "1679943781_add_indexes_column.go",
  "1685164450_check_fk.go",
  "1689579878_renormalize_single_multiple_values.go",
  "1690319366_reset_null_values.go",
  "1690454337_transform_relations_to_views.go",
  "1691747913_resave_views.go",
  "1692609521_copy_display_fields.go",
  "1701496825_allow_single_oauth2_provider_in_multiple_auth_collections.go",
  "1702134272_set_default_json_max_size.go",
  "1718706525_add_login_alert_column.go",
];

export const LOGS_MIGRATIONS = [
  "1640988000_init.go",
  "1660821103_add_user_ip_column.go",
  "1677760279_uppsercase_method.go",
  "1699187560_logs_generalization.go",
];

/**
 * Cairn's own sign-in tables (beyond v0.22: email one-time codes, MFA sessions, TOTP factors),
 * in portable SQL — double-quoted identifiers, TEXT/INTEGER/BOOLEAN, constant defaults — so
 * the same list creates them on SQLite (migrate.ts runs it on every open, hence IF NOT EXISTS:
 * a data directory the reference made gets them too, and PocketBase ignores them) and on
 * PostgreSQL (the postgres adapter runs this list as is). `collectionId` is "_admins" for an
 * admin's rows. Times are the usual `YYYY-MM-DD HH:MM:SS.sssZ` text, set by the repositories.
 */
export const SIGN_IN_TABLES: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS "_otps" (
    "id"           TEXT PRIMARY KEY NOT NULL,
    "collectionId" TEXT NOT NULL,
    "recordId"     TEXT NOT NULL,
    "sentTo"       TEXT DEFAULT '' NOT NULL,
    "codeHash"     TEXT NOT NULL,
    "attempts"     INTEGER DEFAULT 0 NOT NULL,
    "created"      TEXT DEFAULT '' NOT NULL,
    "updated"      TEXT DEFAULT '' NOT NULL
  )`,
  `CREATE INDEX IF NOT EXISTS "_otps_record_idx" ON "_otps" ("collectionId", "recordId")`,
  `CREATE TABLE IF NOT EXISTS "_mfas" (
    "id"           TEXT PRIMARY KEY NOT NULL,
    "collectionId" TEXT NOT NULL,
    "recordId"     TEXT NOT NULL,
    "method"       TEXT NOT NULL,
    "created"      TEXT DEFAULT '' NOT NULL,
    "updated"      TEXT DEFAULT '' NOT NULL
  )`,
  `CREATE INDEX IF NOT EXISTS "_mfas_record_idx" ON "_mfas" ("collectionId", "recordId")`,
  `CREATE TABLE IF NOT EXISTS "_totps" (
    "id"            TEXT PRIMARY KEY NOT NULL,
    "collectionId"  TEXT NOT NULL,
    "recordId"      TEXT NOT NULL,
    "secret"        TEXT NOT NULL,
    "recoveryCodes" TEXT DEFAULT '[]' NOT NULL,
    "active"        BOOLEAN DEFAULT FALSE NOT NULL,
    "lastStep"      INTEGER DEFAULT 0 NOT NULL,
    "created"       TEXT DEFAULT '' NOT NULL,
    "updated"       TEXT DEFAULT '' NOT NULL
  )`,
  `CREATE UNIQUE INDEX IF NOT EXISTS "_totps_record_idx" ON "_totps" ("collectionId", "recordId")`,
];
