import type { RateLimitRule, RateLimitsConfig } from "../models/settings.js";
import { settle, type MaybePromise, type RateLimitStore, type RateLimitTake } from "./store.js";

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
 * Counters live in the store (ratelimit/store.ts): in memory, one node counts alone; a shared
 * store makes several nodes count together. With a synchronous store the answers are too.
 */
export class RateLimiter {
  private config: RateLimitsConfig;
  private parsed: ParsedRule[];

  constructor(
    config: RateLimitsConfig,
    private readonly store: RateLimitStore,
    private readonly now: () => number = Date.now,
  ) {
    this.config = config;
    this.parsed = config.rules.map(parse);
  }

  /** The one check the request path pays for when limits are off. */
  get enabled(): boolean {
    return this.config.enabled && this.config.rules.length > 0;
  }

  /**
   * New settings: counters of rules that changed start over. A store shared by several nodes is
   * not cleared (every node hears the change at its own moment, and a late clear would wipe what
   * the others counted under the new rules): a rule's counters are keyed by its limits too, so a
   * changed rule counts afresh there, and the old counters end with their windows.
   */
  configure(config: RateLimitsConfig): void {
    if (!this.store.shared && JSON.stringify(config.rules) !== JSON.stringify(this.config.rules)) {
      // A store that fails to clear keeps the old counters until their windows end.
      const cleared = this.store.clear();
      if (cleared instanceof Promise) cleared.catch(() => undefined);
    }
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
  hit(req: RateLimitedRequest): MaybePromise<RateLimitHit | null> {
    const rule = this.ruleFor(req);
    if (!rule) return null;
    const now = this.now();
    return settle(this.store.hit(keyOf(rule, req), rule.duration * 1000, now), (w) =>
      w.count <= rule.maxRequests ? null : { retryAfter: secondsUntil(w.resetAt, now), rule },
    );
  }

  /**
   * Counts several requests as one (a batch's sub-requests): all of them, or none when any
   * would go over its rule's limit — nothing of a refused batch runs, so nothing of it counts.
   * The hit waits for the last of the windows it overran.
   */
  hitAll(reqs: readonly RateLimitedRequest[]): MaybePromise<RateLimitHit | null> {
    const now = this.now();
    const takes = new Map<string, RateLimitTake & { rule: RateLimitRule }>();
    for (const req of reqs) {
      const rule = this.ruleFor(req);
      if (!rule) continue;
      const key = keyOf(rule, req);
      const take = takes.get(key) ?? { key, windowMs: rule.duration * 1000, max: rule.maxRequests, n: 0, rule };
      take.n++;
      takes.set(key, take);
    }
    const list = [...takes.values()];
    return settle(this.store.takeAll(list, now), (refusals) => {
      let refused: RateLimitHit | null = null;
      for (const { index, resetAt } of refusals) {
        const retryAfter = secondsUntil(resetAt, now);
        if (!refused || retryAfter > refused.retryAfter) refused = { retryAfter, rule: list[index].rule };
      }
      return refused;
    });
  }
}

/** The counter of a rule for a client. */
function keyOf(rule: RateLimitRule, req: RateLimitClient): string {
  const who = req.authId ? `auth:${req.authId}` : `ip:${req.ip}`;
  return `${rule.label}\u0000${rule.audience ?? ""}\u0000${rule.maxRequests}/${rule.duration}\u0000${who}`;
}
