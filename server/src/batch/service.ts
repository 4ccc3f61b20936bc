import type { Db, Tx } from "../db/types.js";
import type { SettingsStore } from "../settings/store.js";
import type { Caller } from "../auth/caller.js";
import type { PasswordWork } from "../auth/preparedPasswords.js";
import { collectionsRepo, lookup } from "../db/collections.js";
import type { RecordFiles, RecordService } from "../records/service.js";
import type { Upload } from "../records/form.js";
import { callerWithData } from "../records/ruleDataModifiers.js";
import { badRequest, DomainError, forbidden, notFound, tooLarge } from "../tools/errors.js";
import { preparePasswords } from "./passwords.js";
import { admitBatch, type BatchLimits } from "./rateLimits.js";
import { heldFiles, heldHooks, type Effect } from "./held.js";
import { parseBatch, upsertId, type BatchOp } from "./requests.js";

/**
 * What the HTTP layer hands over: the body's size, its decoding (run only once the batch is
 * allowed), and the rate limits its sub-requests count against.
 */
export interface BatchInput {
  size: number;
  decode: () => Promise<{ data: unknown; files: Map<string, Upload[]> }>;
  limits?: BatchLimits;
}

/** A sub-request's outcome: its record deleted, or saved and shown as the requester may see it. */
export type BatchResult = { action: "delete" } | { action: "save"; record: unknown };

export const DISABLED_MESSAGE = "Batch requests are not allowed.";
export const FAILED_MESSAGE = "Batch transaction failed.";
export const TIMEOUT_MESSAGE = "The batch transaction timed out.";
/** The body limit when `batch.maxBodySize` is 0 (as later PocketBase versions). */
export const DEFAULT_MAX_BODY = 128 << 20;

/** A sub-request's failure: which one, and its own error answer. */
class SubRequestError extends Error {
  constructor(
    readonly index: number,
    readonly response: DomainError,
  ) {
    super(response.message);
  }
}

/** What a batch works with: the database its transaction runs on, the records service, the uploads storage and the settings. */
export interface BatchDeps {
  db: Db;
  records: RecordService;
  files: RecordFiles;
  settings: Pick<SettingsStore, "get">;
}

/**
 * `POST /api/batch`: record creates, upserts, updates and deletes in one transaction, each
 * through the records service under its collection's rules and validation. File writes and
 * the change events (the records service's after-commit steps) are held back and run only
 * after the commit, in the order the requests made them; any failure rolls everything back
 * and names the failing request. Other requests do not wait for a batch: its transaction
 * queues behind other writers' (and they behind it) and reads see committed data.
 */
export class BatchService {
  constructor(private readonly deps: BatchDeps) {}

  async run(input: BatchInput, who: Caller): Promise<BatchResult[]> {
    const cfg = this.deps.settings.get().batch;
    if (!cfg.enabled) throw forbidden(DISABLED_MESSAGE);
    if (input.size > (cfg.maxBodySize > 0 ? cfg.maxBodySize : DEFAULT_MAX_BODY)) throw tooLarge();
    const body = await input.decode();
    const ops = parseBatch(body.data, body.files, cfg.maxRequests);
    const effects: Effect[] = [];
    const records = this.deps.records.withFiles(heldFiles(this.deps.files, effects));
    const snapshot = await collectionsRepo.snapshot(this.deps.db);
    const collections = { find: (nameOrId: string) => lookup(snapshot, nameOrId) };
    // Before anything runs or hashes: a refused batch writes nothing.
    await admitBatch(ops, input.limits, { collections, records });
    // Hashed before the transaction, which holds every other writer back while it runs.
    const passwords = await preparePasswords(ops, who, { collections, records });
    let results: BatchResult[];
    try {
      results = await this.deps.db.transaction(async (tx) => {
        // The timeout bounds the transaction: it starts with it, after the hashing.
        const deadline = Date.now() + cfg.timeout * 1000;
        const held = heldHooks(tx, effects);
        const out: BatchResult[] = [];
        for (const op of ops) {
          if (Date.now() > deadline) throw new SubRequestError(op.index, badRequest(TIMEOUT_MESSAGE));
          out.push(await this.exec(records, held, op, who, passwords.get(op.index)));
        }
        if (Date.now() > deadline) throw new SubRequestError(ops[ops.length - 1].index, badRequest(TIMEOUT_MESSAGE));
        return out;
      });
    } catch (err) {
      if (!(err instanceof SubRequestError)) throw err;
      throw badRequest(FAILED_MESSAGE, {
        requests: { [String(err.index)]: { code: "batch_request_failed", message: "Batch request failed.", response: err.response } },
      });
    }
    // Committed: now the files and the events, in the order the requests made them.
    for (const fx of effects) {
      try {
        await fx();
      } catch (err) {
        console.error("batch: a post-commit step failed", err);
      }
    }
    return results;
  }

  /** One sub-request, in the batch's transaction; its errors (domain ones) carry its index. */
  private async exec(records: RecordService, tx: Tx, op: BatchOp, base: Caller, passwords?: PasswordWork): Promise<BatchResult> {
    try {
      const c = lookup(await collectionsRepo.snapshot(tx), op.collection);
      if (!c) throw notFound();
      const caller: Caller = {
        ...base,
        info: {
          ...base.info,
          method: op.action === "upsert" ? "PUT" : op.action === "create" ? "POST" : op.action === "update" ? "PATCH" : "DELETE",
          query: op.query,
          headers: { ...(base.info.headers ?? {}), ...op.headers },
        },
      };
      if (op.action === "delete") {
        await records.delete(c, op.id!, caller, { tx });
        return { action: "delete" };
      }
      const body = { data: op.data, files: op.files, passwords };
      const who = callerWithData(c, body, caller);
      let id = op.id;
      let action = op.action;
      if (action === "upsert") {
        id = upsertId(op);
        action = id !== undefined && (await records.find(c, id, tx)) ? "update" : "create";
      }
      const saved = action === "create" ? await records.create(c, body, who, { tx }) : await records.update(c, id!, body, who, { tx });
      return { action: "save", record: await records.present(c, saved, who, op.query, tx) };
    } catch (err) {
      if (err instanceof DomainError) throw new SubRequestError(op.index, err);
      throw err;
    }
  }
}
