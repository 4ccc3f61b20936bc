import type { RateLimitRule, RateLimitsConfig } from "../models/settings.js";

/** One request as the limiter sees it. */
export interface RateLimitedRequest {
  method: string;
  /**
   * The paths the request resolved to (ratelimit/paths.ts), never its raw text: the route
   * with the collection by name, then by id.
   */
  paths: string[];
  /** `collection:action` tags (ratelimit/tags.ts), most specific first. */
  tags: string[];
  /** The signed-in auth record or admin id, "" for a guest. */
  authId: string;
  /** The client address. */
  ip: string;
}

/** Who a request is counted for: a signed-in caller by id, a guest by address. */
export type RateLimitClient = Pick<RateLimitedRequest, "authId" | "ip">;

/** Refused: seconds until the window resets. */
export interface RateLimitHit {
  retryAfter: number;
  rule: RateLimitRule;
}

interface Bucket {
  count: number;
  resetAt: number;
}

const PRUNE_AT = 10_000;

const secondsUntil = (at: number, now: number) => Math.max(1, Math.ceil((at - now) / 1000));

/** `HEAD` is a `GET` without the body: counted (and labelled) as one. */
export const countedMethod = (method: string): string => (method === "HEAD" ? "GET" : method);

/** A rule's label taken apart once; paths and tags compare ignoring case, as collection names do. */
interface ParsedRule {
  rule: RateLimitRule;
  /** The label as a tag (lower case). */
  tag: string;
  method: string;
  /** The label's path (lower case), "" when the label is not a path. */
  path: string;
}

function parse(rule: RateLimitRule): ParsedRule {
  const label = rule.label;
  const space = label.indexOf(" ");
  const method = space > 0 ? countedMethod(label.slice(0, space)) : "";
  const path = (space > 0 ? label.slice(space + 1) : label).toLowerCase();
  return { rule, tag: label.toLowerCase(), method, path: path.startsWith("/") ? path : "" };
}

/** How specific a matching label is (higher wins): tags, exact paths, then the longest prefix. */
function specificity(p: ParsedRule, method: string, paths: string[], tags: string[]): number {
  const tagAt = tags.indexOf(p.tag);
  if (tagAt >= 0) return 3_000_000 - tagAt;
  if (!p.path || (p.method && p.method !== method)) return -1;
  const bonus = p.method ? 1 : 0;
  let best = -1;
  for (const path of paths) {
    if (path === p.path) return 2_000_000 + bonus;
    if (p.path.endsWith("/") && path.startsWith(p.path)) best = Math.max(best, p.path.length * 2 + bonus);
  }
  return best;
}

const audienceFits = (rule: RateLimitRule, authed: boolean) =>
  rule.audience === "" || rule.audience === undefined || (rule.audience === "@auth") === authed;

/**
 * Fixed-window request counting per rule and client: guests by IP, signed-in callers by
 * their auth id. The most specific matching label decides; among its rules one for the
 * caller's audience (`@guest` / `@auth`) comes before the one for everybody (`""`).
 * Counters live in this process (one node; several nodes would count per node).
 */
export class RateLimiter {
  private buckets = new Map<string, Bucket>();
  private config: RateLimitsConfig;
  private parsed: ParsedRule[];

  constructor(config: RateLimitsConfig, private readonly now: () => number = Date.now) {
    this.config = config;
    this.parsed = config.rules.map(parse);
  }

  /** The one check the request path pays for when limits are off. */
  get enabled(): boolean {
    return this.config.enabled && this.config.rules.length > 0;
  }

  /** New settings: counters of rules that changed start over. */
  configure(config: RateLimitsConfig): void {
    if (JSON.stringify(config.rules) !== JSON.stringify(this.config.rules)) this.buckets.clear();
    this.config = config;
    this.parsed = config.rules.map(parse);
  }

  /** The rule that applies to a request, or null. */
  ruleFor(req: RateLimitedRequest): RateLimitRule | null {
    const authed = req.authId !== "";
    const method = countedMethod(req.method);
    const paths = req.paths.map((p) => p.toLowerCase());
    const tags = req.tags.map((t) => t.toLowerCase());
    let best: RateLimitRule | null = null;
    let bestScore = -1;
    for (const p of this.parsed) {
      const rule = p.rule;
      if (!audienceFits(rule, authed)) continue;
      let score = specificity(p, method, paths, tags);
      if (score < 0) continue;
      score = score * 2 + (rule.audience ? 1 : 0);
      if (score > bestScore) {
        best = rule;
        bestScore = score;
      }
    }
    return best;
  }

  /** Counts the request; a hit when it goes over its rule's limit. */
  hit(req: RateLimitedRequest): RateLimitHit | null {
    const rule = this.ruleFor(req);
    if (!rule) return null;
    const now = this.now();
    const bucket = this.bucket(rule, req, now);
    bucket.count++;
    if (bucket.count <= rule.maxRequests) return null;
    return { retryAfter: secondsUntil(bucket.resetAt, now), rule };
  }

  /**
   * Counts several requests as one (a batch's sub-requests): all of them, or none when any
   * would go over its rule's limit — nothing of a refused batch runs, so nothing of it counts.
   * The hit waits for the last of the windows it overran.
   */
  hitAll(reqs: readonly RateLimitedRequest[]): RateLimitHit | null {
    const now = this.now();
    const wanted = new Map<Bucket, { rule: RateLimitRule; n: number }>();
    for (const req of reqs) {
      const rule = this.ruleFor(req);
      if (!rule) continue;
      const bucket = this.bucket(rule, req, now);
      const w = wanted.get(bucket) ?? { rule, n: 0 };
      w.n++;
      wanted.set(bucket, w);
    }
    let refused: RateLimitHit | null = null;
    for (const [bucket, { rule, n }] of wanted) {
      if (bucket.count + n <= rule.maxRequests) continue;
      const retryAfter = secondsUntil(bucket.resetAt, now);
      if (!refused || retryAfter > refused.retryAfter) refused = { retryAfter, rule };
    }
    if (refused) return refused;
    for (const [bucket, { n }] of wanted) bucket.count += n;
    return null;
  }

  /** The rule's current window for the request's client (a fresh one once the last ended). */
  private bucket(rule: RateLimitRule, req: RateLimitClient, now: number): Bucket {
    const who = req.authId ? `auth:${req.authId}` : `ip:${req.ip}`;
    const key = `${rule.label}\u0000${rule.audience ?? ""}\u0000${who}`;
    let bucket = this.buckets.get(key);
    if (!bucket || bucket.resetAt <= now) {
      if (this.buckets.size >= PRUNE_AT) this.prune(now);
      bucket = { count: 0, resetAt: now + rule.duration * 1000 };
      this.buckets.set(key, bucket);
    }
    return bucket;
  }

  private prune(now: number): void {
    for (const [k, b] of this.buckets) if (b.resetAt <= now) this.buckets.delete(k);
  }
}
