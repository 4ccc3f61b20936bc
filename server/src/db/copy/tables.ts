/**
 * What a copy carries besides the record tables, in the order it is written: the collection
 * rows first (external auths refer to them), then the rest of data.db's system tables and
 * Cairn's sign-in tables (when the source has them). `_logs` goes last, from logs.db. Never
 * the cluster's node state (`_events`, `_rateLimits`, the change counter): it is not data.
 */
export const SYSTEM_TABLES = ["_collections", "_admins", "_params", "_externalAuths", "_otps", "_mfas", "_totps"] as const;

export const LOGS_TABLE = "_logs";

/** Rows per batch read from a source. */
export const READ_BATCH = 2000;
