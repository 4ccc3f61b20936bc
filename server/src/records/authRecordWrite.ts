import type { EventBus } from "../events/bus.js";
import type { Row, Tx } from "../db/types.js";
import { recordsRepo } from "../db/records.js";
import type { CollectionModel } from "../models/collection.js";
import { recordFromRow, type RecordData } from "../models/record.js";

/**
 * Writes columns of an auth record in the caller's transaction and announces the change once
 * it commits (one `record.update`, which realtime uses to keep subscribers' auth current: a new
 * tokenKey signs them out). Returns the record as saved; undefined when it was gone (nothing
 * changed, nothing announced).
 */
export async function updateAuthRecord(
  tx: Tx,
  events: EventBus,
  c: CollectionModel,
  id: string,
  row: Row,
  previous?: RecordData,
): Promise<RecordData | undefined> {
  await recordsRepo.update(tx, c.name, id, row);
  const saved = await recordsRepo.findById(tx, c.name, id);
  if (!saved) return undefined;
  const record = recordFromRow(c, saved);
  tx.afterCommit(() => events.emit({ type: "record.update", collection: c, record, previous }));
  return record;
}
