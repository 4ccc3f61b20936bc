import type { RateLimitRule, RateLimitsConfig } from "../settings/extensions.js";

/** One request as the limiter sees it. */
export interface RateLimitedRequest {
  method: string;
  /** The path without the query. */
  path: string;
  /** `collection:action` tags (ratelimit/tags.ts), most specific first. */
  tags: string[];
  /** The signed-in auth record or admin id, "" for a guest. */
  authId: string;
  /** The client address. */
  ip: string;
}

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

/** How specific a matching label is (higher wins): tags, exact paths, then the longest prefix. */
function specificity(rule: RateLimitRule, req: RateLimitedRequest): number {
  const label = rule.label;
  const tagAt = req.tags.indexOf(label);
  if (tagAt >= 0) return 3_000_000 - tagAt;
  const space = label.indexOf(" ");
  const method = space > 0 ? label.slice(0, space) : "";
  const path = space > 0 ? label.slice(space + 1) : label;
  if (!path.startsWith("/") || (method && method !== req.method)) return -1;
  const bonus = method ? 1 : 0;
  if (path === req.path) return 2_000_000 + bonus;
  if (path.endsWith("/") && req.path.startsWith(path)) return path.length * 2 + bonus;
  return -1;
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

  constructor(config: RateLimitsConfig, private readonly now: () => number = Date.now) {
    this.config = config;
  }

  /** The one check the request path pays for when limits are off. */
  get enabled(): boolean {
    return this.config.enabled && this.config.rules.length > 0;
  }

  /** New settings: counters of rules that changed start over. */
  configure(config: RateLimitsConfig): void {
    if (JSON.stringify(config.rules) !== JSON.stringify(this.config.rules)) this.buckets.clear();
    this.config = config;
  }

  /** The rule that applies to a request, or null. */
  ruleFor(req: RateLimitedRequest): RateLimitRule | null {
    const authed = req.authId !== "";
    let best: RateLimitRule | null = null;
    let bestScore = -1;
    for (const rule of this.config.rules) {
      if (!audienceFits(rule, authed)) continue;
      let score = specificity(rule, req);
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
    const who = req.authId ? `auth:${req.authId}` : `ip:${req.ip}`;
    const key = `${rule.label}\u0000${rule.audience ?? ""}\u0000${who}`;
    let bucket = this.buckets.get(key);
    if (!bucket || bucket.resetAt <= now) {
      if (this.buckets.size >= PRUNE_AT) this.prune(now);
      bucket = { count: 0, resetAt: now + rule.duration * 1000 };
      this.buckets.set(key, bucket);
    }
    bucket.count++;
    if (bucket.count <= rule.maxRequests) return null;
    return { retryAfter: Math.max(1, Math.ceil((bucket.resetAt - now) / 1000)), rule };
  }

  private prune(now: number): void {
    for (const [k, b] of this.buckets) if (b.resetAt <= now) this.buckets.delete(k);
  }
}
