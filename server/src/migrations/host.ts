import type { Tx } from "../db/types.js";
import { bindNamed } from "../db/boundQuery.js";
import { collectionsRepo } from "../db/collections.js";
import { collectionsWritten } from "../db/collectionsCache.js";
import { hashPassword } from "../auth/passwords.js";
import { SYSTEM_CALLER } from "../auth/caller.js";
import type { CollectionService } from "../collections/service.js";
import type { DirectRecords } from "../records/direct.js";
import type { RecordService } from "../records/service.js";
import { collectionJson, type CollectionModel } from "../models/collection.js";
import type { RecordData } from "../models/record.js";
import { bindFilterParams } from "../query/filterParams.js";
import { parseFirstJsonValue, type JsonValue } from "../tools/goJson.js";
import { randomString } from "../tools/random.js";
import type { HostHandler } from "./bridge.js";

/** What a migration's calls are answered with. */
export interface MigrationServices {
  collections: Pick<CollectionService, "saveIn" | "deleteIn" | "importIn">;
  records: Pick<RecordService, "delete">;
  direct: DirectRecords;
}

/** The reference's error for a lookup that finds nothing (Go's sql.ErrNoRows). */
const NO_ROWS = "sql: no rows in result set";

/**
 * The answers to a migration's calls (vmGlobals.ts's `host(op, …)`), all run in the migration's
 * transaction `tx`: collections through the collection service (validation, tables, indexes and
 * views exactly as through the API), records as PocketBase's dao writes them, plain SQL as given.
 */
export function migrationHost(tx: Tx, s: MigrationServices): HostHandler {
  const collection = async (idOrName: unknown) => {
    const c = await collectionsRepo.findByNameOrId(tx, String(idOrName));
    if (!c) throw new Error(NO_ROWS);
    return c;
  };
  const record = (c: CollectionModel, data: RecordData | undefined) => {
    if (!data) throw new Error(NO_ROWS);
    return { collection: collectionJson(c), data };
  };
  const ops: Record<string, (...args: any[]) => Promise<unknown>> = {
    findCollection: async (idOrName: string) => collectionJson(await collection(idOrName)),
    findCollections: async (type: string) => (await collectionsRepo.findByType(tx, type)).map(collectionJson),
    isCollectionNameUnique: async (name: string, exceptIds: string[] = []) => {
      const c = await collectionsRepo.findByName(tx, name);
      return !c || exceptIds.includes(c.id);
    },
    saveCollection: async (json: unknown, isNew: boolean) => collectionJson(await s.collections.saveIn(tx, jsonValue(json), isNew)),
    deleteCollection: async (idOrName: string) => s.collections.deleteIn(tx, idOrName),
    importCollections: async (list: unknown[], deleteMissing: boolean) => s.collections.importIn(tx, jsonValue({ collections: list, deleteMissing })),
    findRecordById: async (ref: string, id: string) => {
      const c = await collection(ref);
      return record(c, await s.direct.find(tx, c, id));
    },
    findRecordsByIds: async (ref: string, ids: string[]) => {
      const c = await collection(ref);
      const found = await Promise.all(ids.map((id) => s.direct.find(tx, c, String(id))));
      return found.filter((d) => d !== undefined).map((d) => record(c, d));
    },
    findFirstRecordByData: async (ref: string, key: string, value: unknown) => {
      const c = await collection(ref);
      return record(c, await s.direct.findFirstBy(tx, c, key, value));
    },
    findAuthRecordByEmail: async (ref: string, email: string) => {
      const c = await collection(ref);
      return record(c, await s.direct.findFirstBy(tx, c, "email", email));
    },
    findRecordsByFilter: async (ref: string, filter: string, sort: string, limit: number, offset: number, params: Record<string, unknown>) => {
      const c = await collection(ref);
      const found = await s.direct.findByFilter(tx, c, bindFilterParams(String(filter ?? ""), params ?? {}), String(sort ?? ""), Number(limit) || 0, Number(offset) || 0);
      return found.map((d) => record(c, d));
    },
    saveRecord: async (ref: string, data: RecordData, isNew: boolean) => s.direct.save(tx, await collection(ref), data, isNew),
    // withoutHooks: the calling hook's thread is blocked on this call (PocketBase's dao runs them; see the README).
    deleteRecord: async (ref: string, id: string) => s.records.delete(await collection(ref), id, SYSTEM_CALLER, { tx, withoutHooks: true }),
    hashPassword: async (password: string) => ({ hash: await hashPassword(password), tokenKey: randomString(50) }),
    execute: async (sql: string, params: Record<string, unknown>) => {
      const q = bindNamed(sql, params ?? {});
      // Plain SQL may change `_collections`: the cached collections are read again after this commit.
      collectionsWritten(tx);
      const r = await tx.run(q.sql, q.params);
      return { changes: Number(r.changes ?? 0) };
    },
    queryOne: async (sql: string, params: Record<string, unknown>) => {
      const q = bindNamed(sql, params ?? {});
      return plainRow(await tx.get(q.sql, q.params)) ?? null;
    },
    queryAll: async (sql: string, params: Record<string, unknown>) => {
      const q = bindNamed(sql, params ?? {});
      return (await tx.all(q.sql, q.params)).map(plainRow);
    },
  };
  return async (op, args) => {
    const fn = ops[op];
    if (!fn) throw new Error(`unsupported call ${op}`);
    return fn(...args);
  };
}

/** A plain value as the collection service reads request bodies. */
function jsonValue(v: unknown): JsonValue {
  return parseFirstJsonValue(JSON.stringify(v));
}

/** A row that crosses to the migration as JSON (big integers as numbers, bytes as text). */
function plainRow(row: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!row) return row;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k] = typeof v === "bigint" ? Number(v) : v instanceof Uint8Array ? Buffer.from(v).toString() : v;
  return out;
}
