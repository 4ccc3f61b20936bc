import { collectionsRepo, lookup } from "../db/collections.js";
import type { Tx } from "../db/types.js";
import { fieldDef, fieldJson, type RelationOptions, type SchemaField } from "../fields/index.js";
import { compact, DecodeError, hasErrors, V, verr, type VError, type VErrors } from "../fields/errors.js";
import {
  AUTH_RESERVED_NAMES, BASE_FIELD_NAMES, COLLECTION_TYPES, SYSTEM_FIELD_NAMES, isView, type CollectionModel,
} from "../models/collection.js";
import { isValidIndex, parseIndex } from "../db/indexes.js";
import { checkRule } from "./rules.js";
import { decodeAuthOptions, decodeFactorOptions, decodeViewOptions, validateAuthOptions } from "./options.js";
import { createViewSchema, ViewQueryError } from "./view.js";
import type { CollectionForm } from "./form.js";

/** A request the reference fails with a bare bad request (no field errors), e.g. undecodable view options. */
export class BareBadRequest extends Error {}

interface ValidateContext {
  /** The transaction the save runs in (a view's schema is read through a temporary view). */
  tx: Tx;
  /** A collection by id or by name ignoring case, as the transaction sees them. */
  find: (nameOrId: string) => CollectionModel | undefined;
}

const ID_RE = /^[^@#$&|.,'"\\/\s]+$/;
const NAME_RE = /^[a-zA-Z0-9][a-zA-Z0-9_]*$/;
const FIELD_NAME_RE = /^\w+$/;
const FIELD_EXCLUDED_NAMES = [...BASE_FIELD_NAMES, "null", "true", "false", "_rowid_", ...SYSTEM_FIELD_NAMES];

const byteLength = (s: string) => Buffer.byteLength(s, "utf8");

/**
 * Validates a submitted form against the collection it changes (null for a new one), with the
 * reference's rules, codes and order. For a view the schema is first regenerated from its query
 * (the submitted schema is ignored). Returns the field errors (null when valid). Runs in the
 * save's transaction.
 */
export async function validateForm(form: CollectionForm, old: CollectionModel | null, tx: Tx): Promise<VErrors | null> {
  if (form.schemaHasNull) throw new BareBadRequest("a schema field is null");
  const isNew = old === null;
  const snapshot = await collectionsRepo.snapshot(tx);
  const ctx: ValidateContext = { tx, find: (nameOrId) => lookup(snapshot, nameOrId) };
  let viewError: string | null = null;
  if (form.type === "view") {
    let query: string;
    try {
      query = decodeViewOptions(form.options).query;
    } catch (err) {
      if (err instanceof DecodeError) throw new BareBadRequest(err.message);
      throw err;
    }
    form.schema = [];
    if (query !== "") {
      try {
        form.schema = (await createViewSchema(tx, query)).schema;
      } catch (err) {
        if (!(err instanceof ViewQueryError)) throw err;
        viewError = err.message;
        form.schema = err.partial;
      }
    }
  }

  const errs: VErrors = {};
  const set = (key: string, e: VError | VErrors | null) => {
    if (e) errs[key] = e;
  };

  set("id", isNew ? await newIdError(form.id, ctx) : form.id !== old.id ? V.in() : null);
  set("system", !isNew && form.system !== old.system ? verr("validation_collection_system_flag_change", "System collection state cannot be changed.") : null);
  set("type", typeError(form, old));
  set("name", await nameError(form, old, ctx));
  set("schema", schemaError(form, old, ctx));

  const draft = draftCollection(form, old);
  for (const key of ["listRule", "viewRule"] as const) set(key, checkRule(form[key], draft, ctx.find, ctx.tx.db.dialect));
  for (const key of ["createRule", "updateRule", "deleteRule"] as const) {
    set(key, form.type === "view" && form[key] !== null ? V.nil() : checkRule(form[key], draft, ctx.find, ctx.tx.db.dialect));
  }
  set("options", optionsError(form, draft, viewError, ctx));
  set("indexes", indexesError(form));
  return compact(errs);
}

async function newIdError(id: string, ctx: ValidateContext): Promise<VError | null> {
  if (id === "") return null;
  if (byteLength(id) !== 15) return V.exactLength(15);
  if (!ID_RE.test(id)) return V.match();
  if (await collectionsRepo.idExists(ctx.tx, id)) return verr("validation_invalid_id", "The model id is invalid or already exists.");
  return null;
}

function typeError(form: CollectionForm, old: CollectionModel | null): VError | null {
  if (form.type === "") return V.required();
  if (!(COLLECTION_TYPES as readonly string[]).includes(form.type)) return V.in();
  if (old && form.type !== old.type) return verr("validation_collection_type_change", "Collection type cannot be changed.");
  return null;
}

async function nameError(form: CollectionForm, old: CollectionModel | null, ctx: ValidateContext): Promise<VError | null> {
  const name = form.name;
  if (name === "") return V.required();
  if (byteLength(name) > 255) return V.length(1, 255);
  if (!NAME_RE.test(name)) return V.match();
  if (old && old.system && name !== old.name) return verr("validation_collection_system_name_change", "System collections cannot be renamed.");
  if (await collectionsRepo.nameTaken(ctx.tx, name, old?.id ?? "")) return verr("validation_collection_name_exists", "Collection name must be unique (case insensitive).");
  if (await collectionsRepo.idExists(ctx.tx, name)) return verr("validation_collection_name_id_duplicate", "The name must not match an existing collection id.");
  if (name.includes("_via_")) return verr("validation_invalid_name", "The name of the collection cannot contain '_via_'.");
  return null;
}

function schemaError(form: CollectionForm, old: CollectionModel | null, ctx: ValidateContext): VError | VErrors | null {
  const schema = form.schema;
  if (form.type !== "auth" && form.type !== "view" && schema.length === 0) return V.required();
  if (old) {
    for (const f of old.schema) {
      if (!f.system) continue;
      const now = schema.find((x) => x.id === f.id);
      if (!now || JSON.stringify(fieldJson(now)) !== JSON.stringify(fieldJson(f))) {
        return verr("validation_system_field_change", "System fields cannot be deleted or changed.");
      }
    }
    for (let i = 0; i < schema.length; i++) {
      const before = old.schema.find((x) => x.id === schema[i].id);
      if (before && before.type !== schema[i].type) return { [String(i)]: verr("validation_field_type_change", "Field type cannot be changed.") };
    }
  }
  const relation = relationFieldsError(form, old, ctx);
  if (relation) return relation;
  if (form.type === "auth") {
    const reserved: VErrors = {};
    schema.forEach((f, i) => {
      if (AUTH_RESERVED_NAMES.includes(f.name)) {
        reserved[String(i)] = { name: verr("validation_reserved_auth_field_name", "The field name is reserved and cannot be used.") };
      }
    });
    if (hasErrors(reserved)) return reserved;
  }
  return validateSchema(schema);
}

function relationFieldsError(form: CollectionForm, old: CollectionModel | null, ctx: ValidateContext): VErrors | null {
  for (let i = 0; i < form.schema.length; i++) {
    const f = form.schema[i];
    if (f.type !== "relation") continue;
    const opts = f.options as RelationOptions;
    const at = (e: VError): VErrors => ({ [String(i)]: { options: { collectionId: e } } });
    const before = old?.schema.find((x) => x.id === f.id);
    if (before && before.type === "relation" && (before.options as RelationOptions).collectionId !== opts.collectionId) {
      return at(verr("validation_field_relation_change", "The relation collection cannot be changed."));
    }
    const target = ctx.find(opts.collectionId);
    if (!target || target.id !== opts.collectionId) {
      return at(verr("validation_field_invalid_relation", "The relation collection doesn't exist."));
    }
    if (form.type !== "view" && isView(target)) {
      return at(verr("validation_field_non_view_base_relation_collection", "Non view collections are not allowed to have a view relation."));
    }
  }
  return null;
}

/** Duplicate ids or names (names ignore case) stop at the first; otherwise every field is checked. */
export function validateSchema(schema: SchemaField<object>[]): VErrors | null {
  const ids: string[] = [];
  const names: string[] = [];
  for (let i = 0; i < schema.length; i++) {
    const f = schema[i];
    if (ids.includes(f.id)) return { [String(i)]: { id: verr("validation_duplicated_field_id", "Duplicated or invalid schema field id") } };
    const lower = f.name.toLowerCase();
    if (names.includes(lower)) return { [String(i)]: { name: verr("validation_duplicated_field_name", "Duplicated or invalid schema field name") } };
    ids.push(f.id);
    names.push(lower);
  }
  const errs: VErrors = {};
  schema.forEach((f, i) => {
    const e = validateField(f);
    if (e) errs[String(i)] = e;
  });
  return compact(errs);
}

export function validateField(f: SchemaField<object>): VErrors | null {
  const errs: VErrors = {};
  const options = fieldDef(f.type).validate(f.options);
  if (options) errs.options = options;
  if (f.id === "") errs.id = V.required();
  else if (byteLength(f.id) < 5 || byteLength(f.id) > 255) errs.id = V.length(5, 255);
  if (f.name === "") errs.name = V.required();
  else if (byteLength(f.name) > 255) errs.name = V.length(1, 255);
  else if (!FIELD_NAME_RE.test(f.name)) errs.name = V.match();
  else if (FIELD_EXCLUDED_NAMES.includes(f.name)) errs.name = V.notIn();
  else if (f.name.includes("_via_")) errs.name = verr("validation_invalid_name", "The name of the field cannot contain '_via_'.");
  if (f.type === "file" && f.unique) errs.unique = V.empty();
  return compact(errs);
}

/** The collection as the form would save it, for resolving rule identifiers. */
function draftCollection(form: CollectionForm, old: CollectionModel | null): CollectionModel {
  return {
    id: old?.id ?? form.id,
    created: old?.created ?? "",
    updated: old?.updated ?? "",
    name: form.name,
    type: form.type,
    system: form.system,
    schema: form.schema,
    indexes: form.indexes ?? [],
    listRule: form.listRule,
    viewRule: form.viewRule,
    createRule: form.createRule,
    updateRule: form.updateRule,
    deleteRule: form.deleteRule,
    options: form.options ?? {},
  };
}

function optionsError(form: CollectionForm, draft: CollectionModel, viewError: string | null, ctx: ValidateContext): VError | VErrors | null {
  if (form.type === "auth") {
    let o;
    try {
      o = decodeAuthOptions(form.options);
    } catch (err) {
      if (err instanceof DecodeError) return verr("validation_invalid_options", "Invalid options.");
      throw err;
    }
    const factors = decodeFactorOptions(form.options);
    const errs = validateAuthOptions(o);
    if (errs || factors.errors) return { ...errs, ...factors.errors };
    const rule = checkRule(o.manageRule, draft, ctx.find, ctx.tx.db.dialect);
    // The MFA rule is a filter on the signing-in record, checked like the other rules.
    const mfaRule = factors.value.mfa?.rule ? checkRule(factors.value.mfa.rule, draft, ctx.find, ctx.tx.db.dialect) : null;
    if (!rule && !mfaRule) return null;
    return { ...(rule ? { manageRule: rule } : {}), ...(mfaRule ? { mfa: { rule: mfaRule } } : {}) };
  }
  if (form.type === "view") {
    const { query } = decodeViewOptions(form.options);
    if (query === "") return { query: V.required() };
    if (viewError !== null) return { query: verr("validation_invalid_view_query", `Invalid query - ${viewError}`) };
  }
  return null;
}

function indexesError(form: CollectionForm): VError | VErrors | null {
  const indexes = form.indexes ?? [];
  if (form.type === "view" && indexes.length > 0) return verr("validation_indexes_not_supported", "The collection doesn't support indexes.");
  for (let i = 0; i < indexes.length; i++) {
    let valid: boolean;
    try {
      valid = isValidIndex(parseIndex(indexes[i]));
    } catch {
      throw new BareBadRequest("index without a name");
    }
    if (!valid) return { [String(i)]: verr("validation_invalid_index_expression", "Invalid CREATE INDEX expression.") };
  }
  return null;
}
