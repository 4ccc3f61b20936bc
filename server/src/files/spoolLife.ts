/**
 * The longest an upload is taken to wait in the spool for its record: from its first stored
 * byte to the record's commit. Nothing ends an upload that keeps arriving (the body timeout only
 * ends stalled ones), so this is a generous bound rather than a limit: a day, far beyond a
 * large file on a slow link. Storage written more recently than this may belong to a save in
 * progress (on S3 a create's objects are in the record's folder before its row is), so the
 * orphan sweep (orphanSweep.ts) leaves it alone.
 */
export const SPOOL_LIFE_MS = 24 * 60 * 60 * 1000;
