import type { CollectionService } from "../collections/service.js";
import type { DB } from "../db/connection.js";
import type { SettingsStore } from "../settings/store.js";
import type { Caller } from "../auth/caller.js";
import type { PasswordWork } from "../auth/preparedPasswords.js";
import { asyncTransaction } from "../db/asyncTransaction.js";
import type { EventBus } from "../events/bus.js";
import type { FilesService } from "../files/service.js";
import { RecordsApi } from "../records/api.js";
import type { Upload } from "../records/form.js";
import { badRequest, DomainError, forbidden, tooLarge } from "../tools/errors.js";
import { BatchGate } from "./batchGate.js";
import { preparePasswords } from "./passwords.js";
import { admitBatch, type BatchLimits } from "./rateLimits.js";
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

type Effect = () => unknown;

/** A sub-request's failure: which one, and its own error answer. */
class SubRequestError extends Error {
  constructor(
    readonly index: number,
    readonly response: DomainError,
  ) {
    super(response.message);
  }
}

/**
 * `POST /api/batch`: record creates, upserts, updates and deletes in one transaction, each
 * through the records service under its collection's rules and validation. File writes and
 * change events are held back and run only after the commit; any failure rolls everything
 * back and names the failing request.
 */
export class BatchService {
  /** Other requests wait on it while a batch runs (see batchGate.ts and http/writeGate.ts). */
  readonly gate = new BatchGate();

  constructor(private readonly env: { db: DB; collections: CollectionService; events: EventBus; files: FilesService; settings: SettingsStore; dev?: boolean }) {}

  async run(input: BatchInput, who: Caller): Promise<BatchResult[]> {
    const cfg = this.env.settings.get().batch;
    if (!cfg.enabled) throw forbidden(DISABLED_MESSAGE);
    if (input.size > (cfg.maxBodySize > 0 ? cfg.maxBodySize : DEFAULT_MAX_BODY)) throw tooLarge();
    const body = await input.decode();
    const ops = parseBatch(body.data, body.files, cfg.maxRequests);
    const effects: Effect[] = [];
    const records = this.deferred(effects);
    // Before anything runs or hashes: a refused batch writes nothing and never holds the gate.
    await admitBatch(ops, input.limits, { collections: this.env.collections, records, gate: this.gate });
    // Hashed before the transaction, which holds every other request back while it runs.
    const passwords = await preparePasswords(ops, who, { collections: this.env.collections, records, gate: this.gate });
    let results: BatchResult[];
    try {
      results = await this.gate.run(() => {
        // The timeout bounds the transaction: it starts with it, after the hashing.
        const deadline = Date.now() + cfg.timeout * 1000;
        return asyncTransaction(this.env.db, async () => {
          const out: BatchResult[] = [];
          for (const op of ops) {
            if (Date.now() > deadline) throw new SubRequestError(op.index, badRequest(TIMEOUT_MESSAGE));
            out.push(await this.exec(records, op, who, passwords.get(op.index)));
          }
          if (Date.now() > deadline) throw new SubRequestError(ops[ops.length - 1].index, badRequest(TIMEOUT_MESSAGE));
          return out;
        });
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

  /** One sub-request; its errors (domain ones) carry its index. */
  private async exec(records: RecordsApi, op: BatchOp, base: Caller, passwords?: PasswordWork): Promise<BatchResult> {
    try {
      const c = records.collection(op.collection);
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
        await records.deleteWithFiles(c, op.id!, caller);
        return { action: "delete" };
      }
      const body = { data: op.data, files: op.files, passwords };
      const who = records.withData(c, body, caller);
      let id = op.id;
      let action = op.action;
      if (action === "upsert") {
        id = upsertId(op);
        action = id !== undefined && records.find(c, id) ? "update" : "create";
      }
      const saved = action === "create" ? await records.createWithFiles(c, body, who) : await records.updateWithFiles(c, id!, body, who);
      return { action: "save", record: records.present(c, saved, who, op.query) };
    } catch (err) {
      if (err instanceof DomainError) throw new SubRequestError(op.index, err);
      throw err;
    }
  }

  /** The records API over the same connection, with file writes and events queued until the commit. */
  private deferred(effects: Effect[]): RecordsApi {
    const { files, events } = this.env;
    const heldFiles = Object.create(files) as FilesService;
    heldFiles.store = async (...args) => void effects.push(() => files.store(...args));
    heldFiles.delete = async (...args) => void effects.push(() => files.delete(...args));
    heldFiles.deleteRecord = async (...args) => void effects.push(() => files.deleteRecord(...args));
    const heldEvents: EventBus = { on: events.on.bind(events), emit: (e) => void effects.push(() => events.emit(e)) };
    return new RecordsApi({ db: this.env.db, collections: this.env.collections, files: heldFiles, events: heldEvents, dev: this.env.dev });
  }
}
