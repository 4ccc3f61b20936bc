import type pg from "pg";

/**
 * The SQL of the cluster's shared state on PostgreSQL (events by reference, rate-limit
 * counters, the leader's advisory lock, LISTEN/NOTIFY). The callers in cluster/, events/ and
 * ratelimit/ hold their own connections (a small pool, a listening client, the leader's client)
 * and run only these functions on them.
 */
export type PgRunner = Pick<pg.ClientBase, "query">;

/** The NOTIFY channel every node listens on. */
export const EVENTS_CHANNEL = "cairn_events";

/**
 * Shared tables (UNLOGGED: counters and passing events are worth nothing after a crash of the
 * database, and skip the WAL). Idempotent; every node runs it at start. The lock keeps two nodes
 * starting at once from racing on CREATE ... IF NOT EXISTS (which can fail on the catalog's
 * unique index).
 */
const SETUP = `
SELECT pg_advisory_xact_lock(7262417001);
CREATE UNLOGGED TABLE IF NOT EXISTS "_events" ("id" BIGSERIAL PRIMARY KEY, "payload" TEXT NOT NULL, "created" TIMESTAMPTZ NOT NULL DEFAULT now());
CREATE UNLOGGED TABLE IF NOT EXISTS "_rateLimits" ("key" TEXT PRIMARY KEY, "count" BIGINT NOT NULL, "resetAt" BIGINT NOT NULL);
CREATE INDEX IF NOT EXISTS "_rateLimits_resetAt" ON "_rateLimits" ("resetAt");
CREATE OR REPLACE FUNCTION cairn_rate_take(keys TEXT[], windows BIGINT[], maxes BIGINT[], ns BIGINT[], now_ms BIGINT)
RETURNS TABLE (idx INT, reset_at BIGINT) LANGUAGE plpgsql AS $fn$
DECLARE
  i INT;
  c BIGINT;
  r BIGINT;
  counts BIGINT[] := array_fill(0::BIGINT, ARRAY[coalesce(array_length(keys, 1), 0)]);
  resets BIGINT[] := array_fill(0::BIGINT, ARRAY[coalesce(array_length(keys, 1), 0)]);
  fits BOOLEAN := TRUE;
BEGIN
  -- Rows are opened (or renewed) and locked in key order, so two nodes never wait on each other in a cycle.
  FOR i IN SELECT o FROM generate_subscripts(keys, 1) AS o ORDER BY keys[o] LOOP
    INSERT INTO "_rateLimits" AS t ("key", "count", "resetAt") VALUES (keys[i], 0, now_ms + windows[i])
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN t."resetAt" <= now_ms THEN 0 ELSE t."count" END,
      "resetAt" = CASE WHEN t."resetAt" <= now_ms THEN now_ms + windows[i] ELSE t."resetAt" END
    RETURNING t."count", t."resetAt" INTO c, r;
    counts[i] := c;
    resets[i] := r;
    IF c + ns[i] > maxes[i] THEN fits := FALSE; END IF;
  END LOOP;
  IF fits THEN
    FOR i IN SELECT generate_subscripts(keys, 1) LOOP
      UPDATE "_rateLimits" SET "count" = "count" + ns[i] WHERE "key" = keys[i];
    END LOOP;
    RETURN;
  END IF;
  FOR i IN SELECT generate_subscripts(keys, 1) LOOP
    IF counts[i] + ns[i] > maxes[i] THEN
      idx := i - 1;
      reset_at := resets[i];
      RETURN NEXT;
    END IF;
  END LOOP;
END
$fn$;
`;

export async function setupClusterTables(q: PgRunner): Promise<void> {
  // One implicit transaction (a multi-statement simple query), so the xact lock covers it all.
  await q.query(SETUP);
}

// --- events ---

/** Starts listening on the events channel (on the node's dedicated listening connection). */
export async function listenForEvents(q: PgRunner): Promise<void> {
  await q.query(`LISTEN ${EVENTS_CHANNEL}`);
}

/**
 * Sends payloads in order in one statement (one transaction: they reach listeners together and
 * in array order, after whatever this connection notified before).
 */
export async function notifyEvents(q: PgRunner, payloads: readonly string[]): Promise<void> {
  await q.query("SELECT pg_notify($1, p) FROM unnest($2::text[]) WITH ORDINALITY AS u(p, i) ORDER BY i", [EVENTS_CHANNEL, payloads]);
}

/** Stores a payload too large for a notification; returns its id. */
export async function storeEventPayload(q: PgRunner, payload: string): Promise<number> {
  const r = await q.query<{ id: string }>(`INSERT INTO "_events" ("payload") VALUES ($1) RETURNING "id"`, [payload]);
  return Number(r.rows[0].id);
}

/** A stored payload, or null once swept. */
export async function readEventPayload(q: PgRunner, id: number): Promise<string | null> {
  const r = await q.query<{ payload: string }>(`SELECT "payload" FROM "_events" WHERE "id" = $1`, [id]);
  return r.rows[0]?.payload ?? null;
}

/** Deletes stored payloads older than `ageMs` (every listener has read them long before). */
export async function sweepEventPayloads(q: PgRunner, ageMs: number): Promise<number> {
  const r = await q.query(`DELETE FROM "_events" WHERE "created" < now() - make_interval(secs => $1::double precision / 1000)`, [ageMs]);
  return r.rowCount ?? 0;
}

// --- rate limits ---

/** One request counted in the key's current window (a new window once the last ended); the window after it. */
export async function rateHit(q: PgRunner, key: string, windowMs: number, now: number): Promise<{ count: number; resetAt: number }> {
  const r = await q.query<{ count: string; resetAt: string }>(
    `INSERT INTO "_rateLimits" AS t ("key", "count", "resetAt") VALUES ($1, 1, $2::bigint + $3::bigint)
     ON CONFLICT ("key") DO UPDATE SET
       "count" = CASE WHEN t."resetAt" <= $2::bigint THEN 1 ELSE t."count" + 1 END,
       "resetAt" = CASE WHEN t."resetAt" <= $2::bigint THEN $2::bigint + $3::bigint ELSE t."resetAt" END
     RETURNING t."count", t."resetAt"`,
    [key, now, windowMs],
  );
  return { count: Number(r.rows[0].count), resetAt: Number(r.rows[0].resetAt) };
}

/** All-or-none takes (see ratelimit/store.ts); the refused takes' indexes and window ends, in order. */
export async function rateTakeAll(
  q: PgRunner,
  takes: readonly { key: string; windowMs: number; max: number; n: number }[],
  now: number,
): Promise<{ index: number; resetAt: number }[]> {
  const r = await q.query<{ idx: number; reset_at: string }>("SELECT idx, reset_at FROM cairn_rate_take($1::text[], $2::bigint[], $3::bigint[], $4::bigint[], $5::bigint)", [
    takes.map((t) => t.key),
    takes.map((t) => t.windowMs),
    takes.map((t) => t.max),
    takes.map((t) => t.n),
    now,
  ]);
  return r.rows.map((row) => ({ index: row.idx, resetAt: Number(row.reset_at) }));
}

/** Drops the counters whose key starts with `prefix` (one store's, when stores share the table). */
export async function rateClear(q: PgRunner, prefix = ""): Promise<void> {
  await q.query(`DELETE FROM "_rateLimits" WHERE starts_with("key", $1)`, [prefix]);
}

/** Drops the counters whose window ended before `now`. */
export async function rateSweep(q: PgRunner, now: number): Promise<number> {
  const r = await q.query(`DELETE FROM "_rateLimits" WHERE "resetAt" <= $1::bigint`, [now]);
  return r.rowCount ?? 0;
}

// --- leader ---

/** The advisory lock key of the leader lease (any constant shared by every node). */
export const LEADER_LOCK_KEY = 7262417002;

/** Takes the session-level leader lock if free; true when this connection now holds it. */
export async function tryLeaderLock(q: PgRunner): Promise<boolean> {
  const r = await q.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1::bigint) AS ok", [LEADER_LOCK_KEY]);
  return r.rows[0].ok === true;
}

/** Whether this connection still holds the leader lock (a liveness probe of the held connection). */
export async function holdsLeaderLock(q: PgRunner): Promise<boolean> {
  const r = await q.query<{ ok: boolean }>(
    "SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid() AND granted AND ((classid::bigint << 32) | objid::bigint) = $1::bigint) AS ok",
    [LEADER_LOCK_KEY],
  );
  return r.rows[0].ok === true;
}
