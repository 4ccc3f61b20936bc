import { JsonObject, type JsonValue } from "../tools/goJson.js";
import { badRequest, DomainError } from "../tools/errors.js";
import { parseDateTime, formatDateTime } from "../fields/dateTime.js";
import { fieldFor, toPlain } from "../fields/decode.js";
import { DecodeError, errorsToData, errorsToRaw, goJsonStringify, verr, type VErrors } from "../fields/errors.js";
import { RULE_KEYS, type CollectionModel } from "../models/collection.js";
import { newId } from "../tools/random.js";
import { nowString } from "../tools/time.js";
import { decodeSchema, decodeStringList, formFrom, GENERIC_MESSAGE, LOAD_MESSAGE, type CollectionForm } from "./form.js";
import { createRecordTable, dropCollectionStorage, IndexErrors, saveViewCollection, syncRecordTable } from "./sync.js";
import { addField, ViewQueryError } from "./view.js";
import { normalizedOptions } from "./options.js";
import { collectionsRepo } from "../db/collections.js";
import type { Tx } from "../db/types.js";

const IMPORT_FAILED = "Failed to import the submitted collections.";

/** A failure the import reports under `collections`. */
class ImportFailure extends Error {
  constructor(readonly errors: VErrors) {
    super("import failed");
  }
}

const COLLECTION_KEYS = ["id", "created", "updated", "name", "type", "system", "schema", "indexes", ...RULE_KEYS, "options"] as const;

/** Reads one imported collection (the reference decodes its full model, dates included). */
function decodeCollection(v: JsonValue): CollectionModel {
  if (!(v instanceof JsonObject)) throw new DecodeError("a collection must be an object");
  const c: CollectionModel = {
    id: "", created: "", updated: "", name: "", type: "", system: false, schema: [], indexes: [],
    listRule: null, viewRule: null, createRule: null, updateRule: null, deleteRule: null, options: {},
  };
  let options: Record<string, unknown> | null = null;
  for (const [key, val] of v.entries) {
    const k = fieldFor(COLLECTION_KEYS, key) as (typeof COLLECTION_KEYS)[number] | undefined;
    if (k === undefined) continue;
    switch (k) {
      case "id":
      case "name":
      case "type":
        if (val === null) break;
        if (typeof val !== "string") throw new DecodeError(`${k} must be a string`);
        c[k] = val;
        break;
      case "created":
      case "updated":
        if (val === null) break;
        if (typeof val !== "string") throw new DecodeError(`${k} must be a date`);
        c[k] = formatDateTime(parseDateTime(val));
        break;
      case "system":
        if (val === null) break;
        if (typeof val !== "boolean") throw new DecodeError("system must be a boolean");
        c.system = val;
        break;
      case "schema": {
        const s = decodeSchema(val);
        if (s.hasNull) throw badRequest(GENERIC_MESSAGE);
        c.schema = s.fields;
        break;
      }
      case "indexes":
        c.indexes = decodeStringList(val) ?? [];
        break;
      case "options":
        if (val === null) options = null;
        else if (!(val instanceof JsonObject)) throw new DecodeError("options must be an object");
        else options = { ...(options ?? {}), ...(toPlain(val) as Record<string, unknown>) };
        break;
      default:
        if (val !== null && typeof val !== "string") throw new DecodeError(`${k} must be a string`);
        c[k] = val;
    }
  }
  c.options = options ?? {};
  return c;
}

export interface ImportInput {
  collections: CollectionModel[];
  deleteMissing: boolean;
}

function decodeImport(body: JsonValue): ImportInput {
  const out = { collections: [] as CollectionModel[], deleteMissing: false };
  if (body === null) return out;
  if (!(body instanceof JsonObject)) throw new DecodeError("expected an object");
  for (const [key, val] of body.entries) {
    const k = fieldFor(["collections", "deleteMissing"], key);
    if (k === "collections") {
      if (val === null) out.collections = [];
      else if (!Array.isArray(val)) throw new DecodeError("collections must be a list");
      else out.collections = val.filter((x) => x !== null).map(decodeCollection);
    } else if (k === "deleteMissing") {
      if (val === null) continue;
      if (typeof val !== "boolean") throw new DecodeError("deleteMissing must be a boolean");
      out.deleteMissing = val;
    }
  }
  return out;
}

export interface ImportResult {
  saved: { collection: CollectionModel; previous?: CollectionModel }[];
  deleted: CollectionModel[];
}

/** Checks a collection against its state before (the collection service's validation, in the same transaction). */
export type ImportValidate = (form: CollectionForm, old: CollectionModel | null, tx: Tx) => Promise<VErrors | null>;

/** Reads an import request's body; a bad request when it cannot be read or holds no collection. */
export function decodeImportBody(body: JsonValue): ImportInput {
  let input;
  try {
    input = decodeImport(body);
  } catch (err) {
    if (err instanceof DecodeError) throw badRequest(LOAD_MESSAGE);
    throw err;
  }
  if (input.collections.length === 0) {
    throw badRequest(GENERIC_MESSAGE, errorsToData({ collections: verr("validation_required", "cannot be blank") }));
  }
  return input;
}

/**
 * Replaces (deleteMissing) or extends the collections with an imported set, in the caller's
 * transaction: collections missing from the set are deleted (never system ones), the others
 * created or changed with their tables and views, then every collection must still validate.
 * Returns what changed: the saved collections as stored (with their state before) and the
 * deleted ones. Any failure is the reference's bad request (the caller's transaction then
 * rolls back).
 */
export async function importCollections(tx: Tx, input: ImportInput, validate: ImportValidate): Promise<ImportResult> {
  try {
    return await applyImport(tx, input, validate);
  } catch (err) {
    if (err instanceof DomainError) throw err;
    if (err instanceof ImportFailure) throw badRequest(IMPORT_FAILED, errorsToData(err.errors));
    if (err instanceof IndexErrors) throw badRequest(IMPORT_FAILED, errorsToData(err.errors));
    const text = err instanceof ViewQueryError ? err.message : tx.db.dialect.errorText(err);
    throw badRequest(
      IMPORT_FAILED,
      errorsToData({ collections: verr("collections_import_failure", `Failed to import the collections configuration. Raw error:\n${text}`) }),
    );
  }
}

async function applyImport(tx: Tx, input: ImportInput, validate: ImportValidate): Promise<ImportResult> {
  const deleted: CollectionModel[] = [];
  const saved: ImportResult["saved"] = [];
  const existing = await collectionsRepo.allByUpdated(tx);
  const byId = new Map(existing.map((c) => [c.id, c]));
  const imported = input.collections;
  const importedIds = new Set<string>();
  for (const c of imported) {
    if (c.id === "") c.id = newId();
    if (c.type === "") c.type = "base";
    const before = byId.get(c.id);
    if (before) {
      if (before.created !== "") c.created = before.created;
      if (!input.deleteMissing) {
        const schema = structuredClone(before.schema);
        for (const f of c.schema) addField(schema, f);
        c.schema = schema;
      }
    }
    importedIds.add(c.id);
  }
  if (input.deleteMissing) {
    for (const c of existing) {
      if (importedIds.has(c.id)) continue;
      if (c.system) throw new Error(`system collection ${JSON.stringify(c.name)} cannot be deleted`);
      await dropCollectionStorage(tx, c);
      await collectionsRepo.delete(tx, c.id);
      deleted.push(c);
    }
  }
  const now = nowString();
  for (const c of imported) {
    try {
      c.options = normalizedOptions(c.type, c.options);
    } catch (err) {
      if (!(err instanceof DecodeError)) throw err;
    }
    if (c.created === "") c.created = now;
    c.updated = byId.has(c.id) || c.updated === "" ? now : c.updated;
    if (byId.has(c.id)) await collectionsRepo.update(tx, c);
    else await collectionsRepo.insert(tx, c);
    saved.push({ collection: c, previous: byId.get(c.id) });
  }
  for (const c of imported) {
    if (c.type === "view") continue;
    const before = byId.get(c.id);
    if (before) await syncRecordTable(tx, c, before);
    else await createRecordTable(tx, c);
  }
  for (const c of imported) {
    if (c.type !== "view") continue;
    await saveViewCollection(tx, c, byId.get(c.id) ?? null);
    await collectionsRepo.update(tx, c);
  }
  // Every collection must still be valid (against its state before the import).
  for (const c of await collectionsRepo.allByUpdated(tx)) {
    const old = byId.get(c.id) ?? c;
    const form = formFrom(c);
    const errors = await validate(form, old, tx);
    if (errors) {
      const raw = goJsonStringify(errorsToRaw(errors), 2);
      throw new ImportFailure({
        collections: verr("collections_import_validate_failure", `Data validations failed for collection ${JSON.stringify(c.name)} (${c.id}):\n${raw}`),
      });
    }
  }
  // The saved collections as stored (the events carry what a later read returns).
  const stored = await collectionsRepo.snapshot(tx);
  return { saved: saved.map((s) => ({ ...s, collection: stored.byId.get(s.collection.id) ?? s.collection })), deleted };
}
