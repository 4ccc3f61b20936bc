import type { Queryable, Tx } from "../db/types.js";
import type { EventBus } from "../events/bus.js";
import { collectionsRepo, lookup } from "../db/collections.js";
import { recordsRepo } from "../db/records.js";
import { zeroValue } from "../fields/index.js";
import { isAuth, isView, type CollectionModel } from "../models/collection.js";
import { asSaved, recordFromRow, rowFromRecord, type RecordData } from "../models/record.js";
import { runList } from "../query/list.js";
import { badRequest, notFound } from "../tools/errors.js";
import { newId, randomString } from "../tools/random.js";
import { nowString } from "../tools/time.js";
import { castValue } from "./form.js";
import { filterResolver } from "./rules.js";
import { UNSUPPORTED_TYPE } from "./service.js";

const PAGE = 500;
const AUTH_KEYS = ["username", "email", "emailVisibility", "verified", "tokenKey", "passwordHash", "lastResetSentAt", "lastVerificationSentAt", "lastLoginAlertSentAt"];

/**
 * Records read and written as PocketBase's dao does for JS migrations: no access rules and no field
 * validation, values cast to their fields, in the caller's transaction (so a migration sees its own
 * writes). Writes are announced when that transaction commits.
 */
export class DirectRecords {
  constructor(private readonly deps: { events: EventBus }) {}

  async collection(q: Queryable, idOrName: string): Promise<CollectionModel> {
    const c = lookup(await collectionsRepo.snapshot(q), idOrName);
    if (!c) throw notFound();
    return c;
  }

  async find(q: Queryable, c: CollectionModel, id: string): Promise<RecordData | undefined> {
    const row = await recordsRepo.findById(q, c.name, id);
    return row && recordFromRow(c, row);
  }

  async findFirstBy(q: Queryable, c: CollectionModel, column: string, value: unknown): Promise<RecordData | undefined> {
    const row = await recordsRepo.findFirstBy(q, c.name, column, value);
    return row && recordFromRow(c, row);
  }

  /** Records matching a filter (admin's view of the fields) in a sort; `limit` 0: all of them. */
  async findByFilter(q: Queryable, c: CollectionModel, filter: string, sort: string, limit: number, offset: number): Promise<RecordData[]> {
    const collections = await collectionsRepo.snapshot(q);
    const resolver = filterResolver({ q, collection: c, requestInfo: {}, findCollection: (n) => lookup(collections, n) }, true);
    const out: RecordData[] = [];
    for (let page = 1; ; page++) {
      const query = { filter, sort, page: String(page), perPage: String(PAGE), skipTotal: "1" };
      const { items } = await runList(q, { table: c.name, resolver, query, mapRow: (row) => recordFromRow(c, row) });
      out.push(...items);
      if (items.length < PAGE || (limit > 0 && out.length >= offset + limit)) break;
    }
    return limit > 0 ? out.slice(offset, offset + limit) : out.slice(offset);
  }

  /** Inserts (`isNew`) or updates a record with the given values; returns it as stored. */
  async save(tx: Tx, c: CollectionModel, values: RecordData, isNew: boolean): Promise<RecordData> {
    if (isView(c)) throw badRequest(UNSUPPORTED_TYPE);
    const id = typeof values.id === "string" ? values.id : "";
    const previous = isNew ? undefined : await this.find(tx, c, id);
    if (!isNew && !previous) throw notFound();
    const data: RecordData = previous ? { ...previous } : blank(c);
    for (const key of ["id", "created", "updated", ...(isAuth(c) ? AUTH_KEYS : [])]) if (values[key] !== undefined) data[key] = values[key];
    for (const f of c.schema) if (values[f.name] !== undefined) data[f.name] = castValue(f, values[f.name]);
    if (!data.id) data.id = newId();
    const now = nowString();
    if (!data.created) data.created = now;
    data.updated = now;
    if (isAuth(c)) {
      if (!data.username) throw new Error("unable to save auth record without username");
      if (!data.tokenKey) data.tokenKey = randomString(50);
    }
    const recordId = String(data.id);
    if (previous) await recordsRepo.update(tx, c.name, recordId, rowFromRecord(c, data));
    else await recordsRepo.insert(tx, c.name, rowFromRecord(c, data));
    const record = asSaved(c, await this.find(tx, c, recordId), data);
    tx.afterCommit(() =>
      this.deps.events.emit(previous ? { type: "record.update", collection: c, record, previous } : { type: "record.create", collection: c, record }),
    );
    return record;
  }
}

/** A new record's values before any is set. */
function blank(c: CollectionModel): RecordData {
  const data: RecordData = { id: "", created: "", updated: "" };
  if (isAuth(c)) Object.assign(data, { username: "", email: "", emailVisibility: false, verified: false, tokenKey: "", passwordHash: "", lastResetSentAt: "", lastVerificationSentAt: "", lastLoginAlertSentAt: "" });
  for (const f of c.schema) data[f.name] = zeroValue(f);
  return data;
}
