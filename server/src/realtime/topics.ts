import type { CollectionModel } from "../models/collection.js";

/** The per-subscription request values the SDK sends inside the topic (`?options={"query":..,"headers":..}`). */
export interface SubscriptionOptions {
  query: Record<string, string>;
  headers: Record<string, string>;
}

/** One subscription string of a client, parsed once when it is set. */
export interface ParsedSubscription {
  /** The string as submitted: the SSE event name its messages carry. */
  key: string;
  /** The part before the first `?`: `posts/*`, `posts/RECORD_ID`, `posts`, `@oauth2`, ... */
  topic: string;
  options: SubscriptionOptions;
  /** Identifies equal options, so subscribers with the same auth and options share one rule check and one payload. */
  optionsKey: string;
}

const stringMap = (v: unknown): Record<string, string> | null => {
  if (v === undefined || v === null) return {};
  if (typeof v !== "object" || Array.isArray(v)) return null;
  const out: Record<string, string> = {};
  for (const [k, x] of Object.entries(v)) {
    if (typeof x !== "string") return null;
    out[k] = x;
  }
  return out;
};

/**
 * Splits `topic?options=<url-encoded JSON>&...` (the SDK's format). Options that are not
 * valid JSON of string maps are ignored: the subscription still matches, without options.
 */
export function parseSubscription(key: string): ParsedSubscription {
  const q = key.indexOf("?");
  const topic = q < 0 ? key : key.slice(0, q);
  let options: SubscriptionOptions = { query: {}, headers: {} };
  if (q >= 0) {
    const raw = new URLSearchParams(key.slice(q + 1)).get("options");
    if (raw) {
      try {
        const parsed = JSON.parse(raw) as { query?: unknown; headers?: unknown } | null;
        const query = stringMap(parsed?.query);
        const headers = stringMap(parsed?.headers);
        if (parsed && typeof parsed === "object" && query && headers) options = { query, headers };
      } catch {
        /* ignored, as the reference ignores them */
      }
    }
  }
  const empty = Object.keys(options.query).length === 0 && Object.keys(options.headers).length === 0;
  return { key, topic, options, optionsKey: empty ? "" : JSON.stringify(options) };
}

/** Which collection rule decides whether a topic's subscriber sees a record. */
export type RuleKind = "list" | "view";

/**
 * The topics a change of `recordId` in `c` is published to: the record's own topic (by
 * collection name or id; view rule) and the collection's (`name/*`, `id/*` and the bare
 * name or id the older SDKs used; list rule).
 */
export function recordTopics(c: CollectionModel, recordId: string): Array<[string, RuleKind]> {
  const out = new Map<string, RuleKind>();
  for (const base of [c.name, c.id]) {
    out.set(`${base}/${recordId}`, "view");
    out.set(`${base}/*`, "list");
    out.set(base, "list");
  }
  return [...out];
}

/** The topic the SDK's OAuth2 popup flow subscribes to. */
export const OAUTH2_TOPIC = "@oauth2";
