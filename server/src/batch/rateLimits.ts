import type { CollectionModel } from "../models/collection.js";
import type { RateLimitClient, RateLimitedRequest, RateLimiter } from "../ratelimit/limiter.js";
import { routedPaths } from "../ratelimit/paths.js";
import { actionTags, RECORD_ONE, RECORD_ROUTE, routeAction } from "../ratelimit/tags.js";
import { TooManyRequests } from "../ratelimit/tooMany.js";
import type { RecordService } from "../records/service.js";
import { upsertId, type BatchOp } from "./requests.js";

/** The rate limiter and who a batch counts for (the HTTP layer knows the client's address). */
export interface BatchLimits {
  limiter: Pick<RateLimiter, "enabled" | "hitAll">;
  client: RateLimitClient;
}

export interface BatchLimitDeps {
  /** The batch's collections (one snapshot: lookups by id or name). */
  collections: { find(nameOrId: string): CollectionModel | undefined };
  records: Pick<RecordService, "find">;
}

/** The single request a sub-request stands for: an upsert is the create or update it will do. */
function single(op: BatchOp, exists: boolean): { method: string; pattern: string; id?: string } {
  if (op.action === "create" || (op.action === "upsert" && !exists)) return { method: "POST", pattern: RECORD_ROUTE };
  const id = op.action === "upsert" ? upsertId(op) : op.id;
  return { method: op.action === "delete" ? "DELETE" : "PATCH", pattern: RECORD_ONE, id };
}

/**
 * Counts each sub-request of a batch against the rules it would match sent alone (its route,
 * collection by name and id, and tags; the batch's client), all or none, before any of it runs:
 * otherwise fifty creates in one batch pass a rule of two. Over a limit: the limiter's TooManyRequests.
 */
export async function admitBatch(ops: readonly BatchOp[], limits: BatchLimits | undefined, deps: BatchLimitDeps): Promise<void> {
  if (!limits?.limiter.enabled) return;
  const existing = new Set<number>();
  const upserts = ops.filter((op) => op.action === "upsert" && upsertId(op) !== undefined);
  // Read before the batch's transaction, on committed data.
  for (const op of upserts) {
    const c = deps.collections.find(op.collection);
    if (c && (await deps.records.find(c, upsertId(op)!))) existing.add(op.index);
  }
  const reqs: RateLimitedRequest[] = ops.map((op) => {
    const { method, pattern, id } = single(op, existing.has(op.index));
    const c = deps.collections.find(op.collection);
    const action = routeAction(method, pattern)!;
    return {
      method,
      paths: routedPaths(pattern, { collection: op.collection, id }, c),
      tags: actionTags(c ? [c.name, c.id] : [op.collection], action),
      ...limits.client,
    };
  });
  const hit = await limits.limiter.hitAll(reqs);
  if (hit) throw new TooManyRequests(hit.retryAfter);
}
