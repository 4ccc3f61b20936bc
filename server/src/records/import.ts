import type { Db, Tx } from "../db/types.js";
import type { RecordService } from "./service.js";
import type { Caller } from "../auth/caller.js";
import { isView, type CollectionModel } from "../models/collection.js";
import { errorsToData, V, verr } from "../fields/errors.js";
import { badRequest, DomainError, forbidden } from "../tools/errors.js";
import { ADMINS_ONLY, LOAD_MESSAGE, UNSUPPORTED_TYPE } from "./service.js";
import { callerWithData } from "./ruleDataModifiers.js";

/** Rows created per transaction when the import is not atomic. */
export const IMPORT_BATCH = 500;
/** Rows one request may carry (the dashboard sends a whole file only in all-or-nothing mode). */
export const MAX_IMPORT_ROWS = 100_000;

/** One row's outcome: its 0-based index in `rows`, and the new id or the create error. */
export type ImportRowResult = { row: number; id: string } | { row: number; error: DomainError };

export interface ImportResult {
  imported: number;
  failed: number;
  results: ImportRowResult[];
}

export interface ImportInput {
  rows: unknown[];
  atomic: boolean;
}

/** Thrown out of an atomic import's transaction so it rolls back; carries the outcomes. */
class AtomicRollback extends Error {
  constructor(readonly results: ImportRowResult[]) {
    super("import rolled back");
  }
}

/** Reads `{rows, atomic}`; wrong shapes are the reference's load error or field errors. */
export function parseImportBody(body: unknown): ImportInput {
  if (body === null || typeof body !== "object" || Array.isArray(body)) throw badRequest(LOAD_MESSAGE);
  const { rows, atomic } = body as { rows?: unknown; atomic?: unknown };
  if (atomic !== undefined && typeof atomic !== "boolean") throw badRequest(LOAD_MESSAGE);
  if (rows !== undefined && !Array.isArray(rows)) throw badRequest(LOAD_MESSAGE);
  if (!rows || rows.length === 0) throw badRequest("Failed to import the records.", errorsToData({ rows: V.required() }));
  if (rows.length > MAX_IMPORT_ROWS) {
    throw badRequest("Failed to import the records.", errorsToData({ rows: verr("validation_length_too_long", `the length must be no more than ${MAX_IMPORT_ROWS}`) }));
  }
  return { rows, atomic: atomic === true };
}

/** What an import works with: the database its transactions run on, and the records service that creates in them. */
export interface ImportDeps {
  db: Db;
  records: Pick<RecordService, "create">;
}

/**
 * Creates records from rows, each through the records service's create (the same validation
 * and create rule as `POST .../records`). Not atomic: batches of IMPORT_BATCH rows, each in one
 * transaction, the valid rows kept (each row in a savepoint, so a failed one leaves nothing).
 * Atomic: every row in one transaction, rolled back when any row fails (the others are still
 * checked, so every error is reported). Each `record.create` goes out when its row's
 * transaction commits. Password hashing runs inside the transaction: other writers wait for
 * it, reads do not.
 */
export async function importRecords(deps: ImportDeps, c: CollectionModel, input: ImportInput, who: Caller): Promise<ImportResult> {
  if (isView(c)) throw badRequest(UNSUPPORTED_TYPE);
  if (!who.admin && c.createRule === null) throw forbidden(ADMINS_ONLY);
  const results: ImportRowResult[] = [];
  const runBatch = async (from: number, to: number): Promise<void> => {
    const out: ImportRowResult[] = [];
    try {
      await deps.db.transaction(async (tx) => {
        for (let i = from; i < to; i++) out.push(await createRow(deps, tx, c, input.rows[i], i, who));
        if (input.atomic && out.some((r) => "error" in r)) throw new AtomicRollback(out);
      });
    } catch (err) {
      if (!(err instanceof AtomicRollback)) throw err;
    }
    results.push(...out);
  };
  const size = input.atomic ? input.rows.length : IMPORT_BATCH;
  for (let from = 0; from < input.rows.length; from += size) await runBatch(from, Math.min(from + size, input.rows.length));
  const failed = results.filter((r) => "error" in r).length;
  return { imported: input.atomic && failed ? 0 : results.length - failed, failed, results };
}

async function createRow(deps: ImportDeps, tx: Tx, c: CollectionModel, row: unknown, index: number, who: Caller): Promise<ImportRowResult> {
  try {
    if (row === null || typeof row !== "object" || Array.isArray(row)) throw badRequest(LOAD_MESSAGE);
    const body = { data: row, files: new Map() };
    const saved = await tx.savepoint((sp) => deps.records.create(c, body, callerWithData(c, body, who), { tx: sp }));
    return { row: index, id: String(saved.id) };
  } catch (err) {
    if (err instanceof DomainError) return { row: index, error: err };
    throw err;
  }
}
