/**
 * The collection editor's state rules, free of React: the editable form, field add / duplicate /
 * delete / restore, renames (with index rewriting), derived single/multiple values, change
 * detection, confirmation triggers, the payload sent to the server and the client-side validation.
 */
import type { Collection, CollectionType, RuleName, SchemaField } from "../../../data/collections/types";
import { factorsPayload, validateFactors } from "./authFactors";
import type { FieldErrors } from "../../../lib/formErrors";
import { VALIDATION_MESSAGES } from "../../../lib/validation";
import { DEFAULT_FILE_MAX_SELECT_MULTIPLE, MIN_PASSWORD_LENGTH_RANGE, defaultFieldOptions, isValidThumb } from "./fieldTypes";
import { randomIndexName, parseIndex, buildIndex, replaceIndexesColumn, replaceIndexesTable } from "./indexes";

export interface FieldForm extends SchemaField {
  /** Stable local key (React keys, drag and drop, error paths). */
  key: string;
  /** The saved name ("" for a field not saved yet). */
  originalName: string;
  /** Soft-deleted: dropped from the payload on save, restorable until then. */
  toDelete: boolean;
}

export interface CollectionForm {
  id: string;
  created: string;
  updated: string;
  name: string;
  type: CollectionType;
  system: boolean;
  schema: FieldForm[];
  indexes: string[];
  listRule: string | null;
  viewRule: string | null;
  createRule: string | null;
  updateRule: string | null;
  deleteRule: string | null;
  options: Record<string, unknown>;
}

export const RULES: RuleName[] = ["listRule", "viewRule", "createRule", "updateRule", "deleteRule"];
/** Rules that view collections cannot have. */
export const WRITE_RULES: RuleName[] = ["createRule", "updateRule", "deleteRule"];

export const DUPLICATE_COLLECTION_SUFFIX = "_duplicate";
export const DUPLICATE_FIELD_SUFFIX = "_copy";

/** The system fields every collection has, and those auth collections add. */
export const BASE_SYSTEM_FIELDS = ["id", "created", "updated"] as const;
export const AUTH_SYSTEM_FIELDS = ["username", "email", "emailVisibility", "verified"] as const;

export function systemFieldNames(type: CollectionType): string[] {
  return type === "auth" ? [...BASE_SYSTEM_FIELDS, ...AUTH_SYSTEM_FIELDS] : [...BASE_SYSTEM_FIELDS];
}

let keySeq = 0;
export function newKey(): string {
  keySeq += 1;
  return `f${keySeq}`;
}

/** A name made of letters, digits and underscores (accents dropped, separators become "_"). */
export function slugify(value: string): string {
  return (value ?? "")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[\s.\-=]+/g, "_")
    .replace(/[^\w]/g, "");
}

export function defaultAuthOptions(): Record<string, unknown> {
  return {
    allowUsernameAuth: true,
    allowEmailAuth: true,
    allowOAuth2Auth: true,
    minPasswordLength: MIN_PASSWORD_LENGTH_RANGE.default,
    requireEmail: false,
    onlyVerified: false,
    exceptEmailDomains: null,
    onlyEmailDomains: null,
    manageRule: null,
  };
}

function defaultCollectionOptions(type: CollectionType): Record<string, unknown> {
  if (type === "auth") return defaultAuthOptions();
  if (type === "view") return { query: "" };
  return {};
}

function clone<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

export function toFieldForm(f: SchemaField): FieldForm {
  const copy = clone(f);
  return {
    ...copy,
    id: copy.id ?? "",
    system: !!copy.system,
    required: !!copy.required,
    presentable: !!copy.presentable,
    options: { ...defaultFieldOptions(copy.type), ...(copy.options ?? {}) },
    key: newKey(),
    originalName: copy.id ? copy.name : "",
    toDelete: false,
  };
}

/** The editable form of a saved collection, or of a new one (type base unless given). */
export function toForm(c: Collection | null, type: CollectionType = "base"): CollectionForm {
  if (!c) {
    return {
      id: "",
      created: "",
      updated: "",
      name: "",
      type,
      system: false,
      schema: [],
      indexes: [],
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      options: defaultCollectionOptions(type),
    };
  }
  const copy = clone(c);
  return {
    id: copy.id,
    created: copy.created ?? "",
    updated: copy.updated ?? "",
    name: copy.name,
    type: copy.type,
    system: !!copy.system,
    schema: (copy.schema ?? []).map(toFieldForm),
    indexes: [...(copy.indexes ?? [])],
    listRule: copy.listRule ?? null,
    viewRule: copy.viewRule ?? null,
    createRule: copy.createRule ?? null,
    updateRule: copy.updateRule ?? null,
    deleteRule: copy.deleteRule ?? null,
    options: { ...defaultCollectionOptions(copy.type), ...(copy.options ?? {}) },
  };
}

export function isNewCollection(form: CollectionForm): boolean {
  return !form.id;
}

/* ---------- names ---------- */

/** base, then base2, base3, ... until it is not taken. */
export function uniqueName(base: string, taken: Iterable<string>): string {
  const set = new Set([...taken].map((n) => n.toLowerCase()));
  if (!set.has(base.toLowerCase())) return base;
  for (let i = 2; ; i++) {
    const candidate = `${base}${i}`;
    if (!set.has(candidate.toLowerCase())) return candidate;
  }
}

/** All names in use in the form: system field names and every schema field (deleted ones too). */
export function takenNames(form: CollectionForm): string[] {
  return [...systemFieldNames(form.type), ...form.schema.map((f) => f.name)];
}

/** The copy's name: name_copy, then name_copy2, name_copy3, ... */
export function duplicateFieldName(name: string, taken: Iterable<string>): string {
  return uniqueName(name + DUPLICATE_FIELD_SUFFIX, taken);
}

/* ---------- fields ---------- */

export function newField(type: string, taken: Iterable<string>): FieldForm {
  return {
    id: "",
    name: uniqueName("field", taken),
    type,
    system: false,
    required: false,
    presentable: false,
    options: defaultFieldOptions(type),
    key: newKey(),
    originalName: "",
    toDelete: false,
  };
}

export function addField(form: CollectionForm, type: string): { form: CollectionForm; key: string } {
  const field = newField(type, takenNames(form));
  return { form: { ...form, schema: [...form.schema, field] }, key: field.key };
}

export function updateField(form: CollectionForm, key: string, patch: Partial<FieldForm> | ((f: FieldForm) => FieldForm)): CollectionForm {
  return {
    ...form,
    schema: form.schema.map((f) => (f.key === key ? (typeof patch === "function" ? patch(f) : { ...f, ...patch }) : f)),
  };
}

export function updateFieldOptions(form: CollectionForm, key: string, patch: Record<string, unknown>): CollectionForm {
  return updateField(form, key, (f) => ({ ...f, options: { ...f.options, ...patch } }));
}

/** Inserts a copy after the field: no id, a unique '_copy' name. */
export function duplicateField(form: CollectionForm, key: string): { form: CollectionForm; key: string } {
  const i = form.schema.findIndex((f) => f.key === key);
  if (i < 0) return { form, key };
  const src = form.schema[i];
  const copy: FieldForm = {
    ...clone(src),
    id: "",
    system: false,
    key: newKey(),
    originalName: "",
    toDelete: false,
    name: duplicateFieldName(src.name, takenNames(form)),
  };
  const schema = [...form.schema];
  schema.splice(i + 1, 0, copy);
  return { form: { ...form, schema }, key: copy.key };
}

/** A saved field is only marked deleted (its name reverts to the saved one); an unsaved field goes at once. */
export function removeField(form: CollectionForm, key: string): CollectionForm {
  const field = form.schema.find((f) => f.key === key);
  if (!field) return form;
  if (!field.id) return { ...form, schema: form.schema.filter((f) => f.key !== key) };
  let next = form;
  if (field.originalName && field.name !== field.originalName) next = renameField(next, key, field.originalName);
  return updateField(next, key, { toDelete: true });
}

export function restoreField(form: CollectionForm, key: string): CollectionForm {
  return updateField(form, key, { toDelete: false });
}

/** Renames a field (slugged) and updates the index columns that referred to it. */
export function renameField(form: CollectionForm, key: string, rawName: string): CollectionForm {
  const field = form.schema.find((f) => f.key === key);
  if (!field) return form;
  const name = slugify(rawName);
  const indexes = field.name ? replaceIndexesColumn(form.indexes, field.name, name) : form.indexes;
  return { ...updateField(form, key, { name }), indexes };
}

/** Renames the collection (slugged) and rewrites the table name in all its indexes. */
export function renameCollection(form: CollectionForm, rawName: string): CollectionForm {
  const name = slugify(rawName);
  return { ...form, name, indexes: replaceIndexesTable(form.indexes, name) };
}

/** Required forces nullable to false. */
export function setRequired(field: FieldForm, required: boolean): FieldForm {
  return required ? { ...field, required, nullable: false } : { ...field, required };
}

export function canReorder(field: FieldForm): boolean {
  return !field.toDelete && !(field.system && field.id);
}

/** Saved system fields cannot be renamed or edited. */
export function isLockedField(field: FieldForm): boolean {
  return field.system && !!field.id;
}

export function moveField(form: CollectionForm, fromKey: string, toKey: string): CollectionForm {
  const from = form.schema.findIndex((f) => f.key === fromKey);
  const to = form.schema.findIndex((f) => f.key === toKey);
  if (from < 0 || to < 0 || from === to) return form;
  const schema = [...form.schema];
  const [moved] = schema.splice(from, 1);
  schema.splice(to, 0, moved);
  return { ...form, schema };
}

/* ---------- single / multiple ---------- */

function num(v: unknown): number | null {
  if (v === null || v === undefined || v === "") return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

/** Single or multiple is derived from maxSelect. */
export function isMultiple(field: Pick<SchemaField, "type" | "options">): boolean {
  const max = num(field.options?.maxSelect);
  if (field.type === "relation") return max === null || max > 1;
  return max !== null && max > 1;
}

export function setMultiple(field: FieldForm, multiple: boolean): FieldForm {
  const o = field.options ?? {};
  const values = Array.isArray(o.values) ? (o.values as unknown[]) : [];
  let options: Record<string, unknown> = o;
  if (field.type === "select") {
    options = { ...o, maxSelect: multiple ? (values.length >= 2 ? values.length : 2) : 1 };
  } else if (field.type === "file") {
    options = { ...o, maxSelect: multiple ? values.length || DEFAULT_FILE_MAX_SELECT_MULTIPLE : 1 };
  } else if (field.type === "relation") {
    options = multiple ? { ...o, maxSelect: null } : { ...o, minSelect: null, maxSelect: 1 };
  }
  return { ...field, options };
}

/* ---------- type ---------- */

/** Changes the type of a new collection; view clears the write rules and the indexes. */
export function setCollectionType(form: CollectionForm, type: CollectionType): CollectionForm {
  if (form.type === type) return form;
  const next: CollectionForm = { ...form, type };
  if (type === "view") {
    next.createRule = null;
    next.updateRule = null;
    next.deleteRule = null;
    next.indexes = [];
    next.options = { query: typeof form.options.query === "string" ? form.options.query : "" };
  } else if (type === "auth") {
    next.options = defaultAuthOptions();
  } else {
    next.options = {};
  }
  // auth system names may now clash with schema fields: keep them (the server reports the clash)
  return next;
}

/* ---------- duplicate collection ---------- */

/** A copy named '{name}_duplicate': no ids or dates, fresh index names on the new table. */
export function duplicateCollection(form: CollectionForm): CollectionForm {
  const name = form.name + DUPLICATE_COLLECTION_SUFFIX;
  return {
    ...clone(form),
    id: "",
    created: "",
    updated: "",
    name,
    system: false,
    schema: form.schema
      .filter((f) => !f.toDelete)
      .map((f) => ({ ...clone(f), id: "", key: newKey(), originalName: "", toDelete: false })),
    indexes: form.indexes.map((sql) => {
      const idx = parseIndex(sql);
      if (!idx.indexName) return sql;
      return buildIndex({ ...idx, indexName: randomIndexName(), tableName: name });
    }),
  };
}

/* ---------- changes ---------- */

function stable(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(stable);
  if (v && typeof v === "object") {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v as object).sort()) {
      const val = (v as Record<string, unknown>)[k];
      if (val !== undefined) out[k] = stable(val);
    }
    return out;
  }
  return v;
}

/** The form as compared for changes: local keys and restored deletion marks left out. */
export function comparable(form: CollectionForm): string {
  return JSON.stringify(
    stable({
      ...form,
      schema: form.schema.map((f) => {
        const { key: _key, originalName: _orig, toDelete, ...rest } = f;
        return toDelete ? { ...rest, toDelete } : rest;
      }),
    }),
  );
}

/** Changed when it differs from the initial form; a form without an initial one (a duplicate) always counts as changed. */
export function hasChanges(initial: CollectionForm | null, current: CollectionForm): boolean {
  if (!initial) return true;
  return comparable(initial) !== comparable(current);
}

export interface ChangeSummary {
  /** Collection rename (non-view only). */
  collectionRename: { from: string; to: string } | null;
  fieldRenames: { from: string; to: string }[];
  deletedFields: string[];
  /** Relation fields changed from multiple to single. */
  multipleToSingle: string[];
}

export function changeSummary(initial: CollectionForm | null, current: CollectionForm): ChangeSummary {
  const summary: ChangeSummary = { collectionRename: null, fieldRenames: [], deletedFields: [], multipleToSingle: [] };
  if (!initial || !initial.id) return summary;
  if (initial.name !== current.name && current.type !== "view") summary.collectionRename = { from: initial.name, to: current.name };
  for (const f of current.schema) {
    if (!f.id) continue;
    if (f.toDelete) {
      summary.deletedFields.push(f.originalName || f.name);
      continue;
    }
    if (f.originalName && f.originalName !== f.name) summary.fieldRenames.push({ from: f.originalName, to: f.name });
    const before = initial.schema.find((o) => o.id === f.id);
    if (f.type === "relation" && before && isMultiple(before) && !isMultiple(f)) summary.multipleToSingle.push(f.name);
  }
  return summary;
}

/** Saving an existing collection asks first when any of these changes are present. */
export function needsConfirmation(s: ChangeSummary): boolean {
  return !!s.collectionRename || s.fieldRenames.length > 0 || s.deletedFields.length > 0 || s.multipleToSingle.length > 0;
}

/* ---------- payload ---------- */

export interface Payload {
  body: Record<string, unknown>;
  /** The form key of each schema entry sent, by position (to place server errors). */
  schemaKeys: string[];
}

export function fieldPayload(f: FieldForm): Record<string, unknown> {
  const { key: _key, originalName: _orig, toDelete: _del, ...rest } = f;
  const out: Record<string, unknown> = { ...clone(rest) };
  if (!out.id) delete out.id;
  return out;
}

/** The body for POST/PATCH: fields marked toDelete are dropped; views carry only their query. */
export function buildPayload(form: CollectionForm): Payload {
  const body: Record<string, unknown> = {
    name: form.name,
    type: form.type,
    listRule: form.listRule,
    viewRule: form.viewRule,
    createRule: form.createRule,
    updateRule: form.updateRule,
    deleteRule: form.deleteRule,
    indexes: [...form.indexes],
  };
  const kept = form.schema.filter((f) => !f.toDelete);
  let schemaKeys: string[] = [];
  if (form.type === "view") {
    body.createRule = null;
    body.updateRule = null;
    body.deleteRule = null;
    body.indexes = [];
    body.options = { query: String(form.options.query ?? "") };
  } else {
    body.schema = kept.map(fieldPayload);
    schemaKeys = kept.map((f) => f.key);
    if (form.type === "auth") {
      const o = { ...defaultAuthOptions(), ...form.options };
      body.options = {
        allowUsernameAuth: !!o.allowUsernameAuth,
        allowEmailAuth: !!o.allowEmailAuth,
        allowOAuth2Auth: !!o.allowOAuth2Auth,
        minPasswordLength: num(o.minPasswordLength),
        requireEmail: !!o.requireEmail,
        onlyVerified: !!o.onlyVerified,
        exceptEmailDomains: o.exceptEmailDomains ?? null,
        onlyEmailDomains: o.onlyEmailDomains ?? null,
        manageRule: o.manageRule ?? null,
        ...factorsPayload(o),
      };
    } else {
      body.options = {};
    }
  }
  return { body, schemaKeys };
}

/** Moves server errors under schema.{position} to schema.{form key}. */
export function remapServerErrors(data: FieldErrors, schemaKeys: string[]): FieldErrors {
  const schema = data.schema;
  if (!schema || typeof schema !== "object") return data;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema as Record<string, unknown>)) {
    const i = Number(k);
    out[Number.isInteger(i) && schemaKeys[i] ? schemaKeys[i] : k] = v;
  }
  return { ...data, schema: out };
}

/* ---------- validation ---------- */

function err(message: string, code = "validation_invalid") {
  return { code, message };
}

/** Whether the pattern compiles and uses nothing Go's RE2 syntax rejects (lookaround, backreferences). */
export function isValidGoRegex(pattern: string): boolean {
  if (!pattern) return true;
  if (/\(\?<?[=!]/.test(pattern) || /\\[1-9]/.test(pattern)) return false;
  try {
    new RegExp(pattern.replace(/\(\?P</g, "(?<").replace(/^\(\?[imsU]+\)/, ""));
    return true;
  } catch {
    return false;
  }
}

export const CLIENT_MESSAGES = {
  duplicatedName: "Field names must be unique.",
  invalidPattern: "Must be a valid regular expression (Go syntax).",
  choicesRequired: "Add at least one choice.",
  collectionRequired: "Select a collection.",
  invalidThumb: (s: string) => `Invalid thumb size "${s}".`,
} as const;

/** Client-side checks before saving; errors are shaped like the server's (schema entries by form key). */
export function validateForm(form: CollectionForm): FieldErrors {
  const errors: Record<string, unknown> = {};
  if (!form.name.trim()) errors.name = err(VALIDATION_MESSAGES.required, "validation_required");
  const schemaErrors: Record<string, Record<string, unknown>> = {};
  const set = (key: string, path: string[], e: { code: string; message: string }) => {
    const entry = (schemaErrors[key] ??= {});
    if (path.length === 1) entry[path[0]] = e;
    else {
      const opts = (entry.options ??= {}) as Record<string, unknown>;
      opts[path[1]] = e;
    }
  };
  if (form.type !== "view") {
    const seen = new Map<string, number>();
    for (const n of [...systemFieldNames(form.type), ...form.schema.filter((f) => !f.toDelete).map((f) => f.name)]) seen.set(n.toLowerCase(), (seen.get(n.toLowerCase()) ?? 0) + 1);
    for (const f of form.schema) {
      if (f.toDelete || isLockedField(f)) continue;
      const o = f.options ?? {};
      if (!f.name) set(f.key, ["name"], err(VALIDATION_MESSAGES.required, "validation_required"));
      else if ((seen.get(f.name.toLowerCase()) ?? 0) > 1) set(f.key, ["name"], err(CLIENT_MESSAGES.duplicatedName, "validation_duplicated_field_name"));
      const min = num(o.min);
      const max = num(o.max);
      if (f.type === "text") {
        if (min !== null && (!Number.isInteger(min) || min < 0)) set(f.key, ["options", "min"], err(min < 0 ? VALIDATION_MESSAGES.min(0) : VALIDATION_MESSAGES.integer));
        if (max !== null && min !== null && max < min) set(f.key, ["options", "max"], err(VALIDATION_MESSAGES.min(min)));
        if (!isValidGoRegex(String(o.pattern ?? ""))) set(f.key, ["options", "pattern"], err(CLIENT_MESSAGES.invalidPattern, "validation_invalid_regex"));
      } else if (f.type === "number") {
        if (max !== null && min !== null && max < min) set(f.key, ["options", "max"], err(VALIDATION_MESSAGES.min(min)));
      } else if (f.type === "select") {
        const values = Array.isArray(o.values) ? o.values : [];
        if (!values.length) set(f.key, ["options", "values"], err(CLIENT_MESSAGES.choicesRequired, "validation_required"));
        const ms = num(o.maxSelect);
        if (isMultiple(f) && (ms === null || !Number.isInteger(ms) || ms < 2)) set(f.key, ["options", "maxSelect"], err(VALIDATION_MESSAGES.min(2)));
      } else if (f.type === "file") {
        const size = num(o.maxSize);
        if (size === null) set(f.key, ["options", "maxSize"], err(VALIDATION_MESSAGES.required, "validation_required"));
        else if (size < 0) set(f.key, ["options", "maxSize"], err(VALIDATION_MESSAGES.min(0)));
        const ms = num(o.maxSelect);
        if (ms === null || ms < 1) set(f.key, ["options", "maxSelect"], err(VALIDATION_MESSAGES.min(1)));
        const thumb = (Array.isArray(o.thumbs) ? (o.thumbs as string[]) : []).find((t) => !isValidThumb(t));
        if (thumb !== undefined) set(f.key, ["options", "thumbs"], err(CLIENT_MESSAGES.invalidThumb(thumb)));
      } else if (f.type === "json") {
        const size = num(o.maxSize);
        if (size !== null && size < 0) set(f.key, ["options", "maxSize"], err(VALIDATION_MESSAGES.min(0)));
      } else if (f.type === "relation") {
        if (!o.collectionId) set(f.key, ["options", "collectionId"], err(CLIENT_MESSAGES.collectionRequired, "validation_required"));
        const minS = num(o.minSelect);
        const maxS = num(o.maxSelect);
        if (minS !== null && minS < 1) set(f.key, ["options", "minSelect"], err(VALIDATION_MESSAGES.min(1)));
        if (isMultiple(f) && maxS !== null && maxS < (minS || 2)) set(f.key, ["options", "maxSelect"], err(VALIDATION_MESSAGES.min(minS || 2)));
      }
    }
  }
  if (Object.keys(schemaErrors).length) errors.schema = schemaErrors;
  const optionErrors: Record<string, unknown> = {};
  if (form.type === "auth") {
    const v = num(form.options.minPasswordLength);
    if (v === null) optionErrors.minPasswordLength = err(VALIDATION_MESSAGES.required, "validation_required");
    else if (!Number.isInteger(v) || v < MIN_PASSWORD_LENGTH_RANGE.min || v > MIN_PASSWORD_LENGTH_RANGE.max) {
      optionErrors.minPasswordLength = err(VALIDATION_MESSAGES.range(MIN_PASSWORD_LENGTH_RANGE.min, MIN_PASSWORD_LENGTH_RANGE.max));
    }
    Object.assign(optionErrors, validateFactors(form.options));
  }
  if (form.type === "view" && !String(form.options.query ?? "").trim()) optionErrors.query = err(VALIDATION_MESSAGES.required, "validation_required");
  if (Object.keys(optionErrors).length) errors.options = optionErrors;
  return errors;
}

/* ---------- tabs ---------- */

export type EditorTab = "fields" | "rules" | "options";

export const HAS_ERRORS = "Has errors";

function nonEmpty(v: unknown): boolean {
  return !!v && (typeof v !== "object" || Object.keys(v as object).length > 0);
}

/** Which tabs carry server or client errors, with the fields tab's message (schema.message, else 'Has errors'). */
export function tabErrors(errors: FieldErrors, type: CollectionType): Record<EditorTab, string> {
  const options = (errors.options ?? {}) as Record<string, unknown>;
  const schema = errors.schema as Record<string, unknown> | undefined;
  let fields = "";
  if (nonEmpty(schema) || nonEmpty(errors.indexes) || (type === "view" && nonEmpty(options.query))) {
    const msg = schema && typeof schema.message === "string" ? schema.message : "";
    fields = msg || HAS_ERRORS;
  }
  const rules = RULES.some((r) => nonEmpty(errors[r])) || nonEmpty(options.manageRule) ? HAS_ERRORS : "";
  const optionKeys = Object.keys(options).filter((k) => k !== "query" && k !== "manageRule" && nonEmpty(options[k]));
  return { fields, rules, options: type === "auth" && optionKeys.length ? HAS_ERRORS : "" };
}
