import type { CollectionService } from "../collections/service.js";
import type { DB } from "../db/connection.js";
import type { ReadPool } from "../db/readPool.js";
import type { FilesService } from "../files/service.js";
import { transaction } from "../db/connection.js";
import { RecordsRepo, type Row } from "../db/records.js";
import { uniqueViolationColumns } from "../db/errors.js";
import { errorsToData, V, verr, type VErrors } from "../fields/errors.js";
import { isMultipleField, type RelationOptions } from "../fields/index.js";
import { isEmailFormat } from "../tools/formats.js";
import { badRequest, DomainError, forbidden, notFound } from "../tools/errors.js";
import { authOptions, isAuth, isView, type CollectionModel } from "../models/collection.js";
import { runListWith } from "../query/list.js";
import { NO_READ_POOL } from "../db/readPool.js";
import type { ListQuery, ListResult, SqlFragment } from "../query/types.js";
import { buildUnpagedListSql } from "../query/unpagedList.js";
import { checkAdminOnlyFields } from "../query/rules.js";
import type { Caller } from "../auth/caller.js";
import { INLINE_PASSWORDS, type PasswordWork } from "../auth/preparedPasswords.js";
import { newId, randomString } from "../tools/random.js";
import { nowString } from "../tools/time.js";
import { formValues, loadBody, UnknownFilenamesError, uploadSize, type LoadedForm, type PreparedUpload, type Upload } from "./form.js";
import { validateUploadedFile } from "../fields/file.js";
import type { FileOptions } from "../fields/index.js";
import { asSaved, recordFromRow, recordJson, rowFromRecord, type RecordData } from "../models/record.js";
import { checkRule, filterResolver, ruleWhere, type RuleTarget } from "./rules.js";
import { NonFiniteNumberError, validateRecordData } from "./validate.js";
import { zeroValue } from "../fields/index.js";
import { expandRecord, expandRecords, parseExpand, type ExpandDeps, type ExpandTree } from "./expand.js";
import { parseFields, pickFields } from "./fields.js";

export const GENERIC_MESSAGE = "Something went wrong while processing your request.";
export const LOAD_MESSAGE = "Failed to load the submitted data due to invalid formatting.";
export const ADMINS_ONLY = "Only admins can perform this action.";
export const CREATE_FAILED = "Failed to create record.";
export const UPDATE_FAILED = "Failed to update record.";
export const UNSUPPORTED_TYPE = "Unsupported collection type.";
export const DELETE_FAILED = "Failed to delete record. Make sure that the record is not part of a required relation reference.";

/** A submitted body: its values (JSON, form fields, `@jsonPayload`) and uploaded files by field. */
export interface SubmittedBody {
  data: unknown;
  files: Map<string, Upload[]>;
  /** The id a create's uploads were streamed under: the new record takes it unless the body names one. */
  recordId?: string;
  /** A multipart form's text values by key, keys a `@jsonPayload` set left out (see `formValues`). */
  texts?: ReadonlyMap<string, readonly string[]>;
  /** Where bcrypt runs: prepared ahead by a batch (before its transaction), else in place. */
  passwords?: PasswordWork;
}

/** A saved record with the storage work its save needs. */
export interface SaveResult {
  data: RecordData;
  uploads: PreparedUpload[];
  removedFiles: string[];
}

/** A record a delete removed or changed (cascades included), as it was at that point. */
export interface TouchedRecord {
  collection: CollectionModel;
  id: string;
  record: RecordData;
}

/** What one delete did: the records it removed and those it saved without the deleted id. */
export interface DeleteResult {
  deleted: TouchedRecord[];
  updated: TouchedRecord[];
}

/** What the record service works with (files: uploads of saves; readPool: slow list reads). */
export interface RecordServiceDeps {
  db: DB;
  collections: CollectionService;
  dev?: boolean;
  files?: FilesService;
  readPool?: ReadPool;
}

const ID_RE = /^[^@#$&|.,'"\\/\s]+$/;
const USERNAME_RE = /^[\w][\w.\-]*$/;

/** Records of base, auth and view collections: listing, reading, creating, changing, deleting. */
export class RecordService {
  readonly repo: RecordsRepo;

  constructor(private readonly app: RecordServiceDeps) {
    this.repo = new RecordsRepo(app.db);
  }

  private get db() {
    return this.app.db;
  }

  /** A collection by id or name; not found when missing. */
  collection(idOrName: string): CollectionModel {
    const c = this.app.collections.find(idOrName);
    if (!c) throw notFound();
    return c;
  }

  private findCollection = (nameOrId: string) => this.app.collections.find(nameOrId);

  private target(c: CollectionModel, rule: string, who: Caller): RuleTarget {
    return { db: this.db, collection: c, rule, requestInfo: who.info, findCollection: this.findCollection };
  }

  /** The rule a non-admin must pass; forbidden for an admins-only (null) rule. Null for admins. */
  private ruleFor(rule: string | null, who: Caller): string | null {
    if (who.admin) return null;
    if (rule === null) throw forbidden(ADMINS_ONLY);
    return rule;
  }

  export(c: CollectionModel, data: RecordData, who: Caller, expand?: Record<string, unknown>): Record<string, unknown> {
    const ownerId = (who.info.auth?.record as { id?: unknown } | undefined)?.id;
    const owner = !!who.info.auth && who.info.auth.collection.id === c.id && ownerId === data.id;
    // Managers (the auth collection's manageRule) see the email whatever emailVisibility says.
    const manager = !who.admin && !owner && isAuth(c) && this.managesRecord(c, String(data.id), who);
    return recordJson(c, data, { showEmail: who.admin || owner || manager, expand });
  }

  /** Whether the requester may view a record (expand): admins always, else the view rule. */
  canView(c: CollectionModel, data: RecordData, who: Caller): boolean {
    if (who.admin) return true;
    if (c.viewRule === null) return false;
    try {
      return checkRule(this.target(c, c.viewRule, who), String(data.id));
    } catch {
      return false; // a rule that no longer compiles hides the record instead of failing the answer
    }
  }

  private expandDeps(who: Caller): ExpandDeps {
    return {
      findCollection: this.findCollection,
      findByIds: (col, ids) => this.repo.findByIds(col.name, ids).map((r) => recordFromRow(col, r)),
      findReferencing: (col, field, id, multiple) => this.repo.referencing(col.name, field, id, multiple).map((r) => recordFromRow(col, r)),
      canView: (col, r) => this.canView(col, r, who),
      exportRecord: (col, r, expand) => this.export(col, r, who, expand),
    };
  }

  /** A record answer with the `expand` and `fields` query parameters applied. */
  present(c: CollectionModel, data: RecordData, who: Caller, query: Record<string, unknown> = {}): unknown {
    const tree = parseExpand(query.expand);
    return pickFields(this.exportExpanded(c, data, who, tree), parseFields(query.fields));
  }

  private exportExpanded(c: CollectionModel, data: RecordData, who: Caller, tree: ExpandTree): Record<string, unknown> {
    return this.export(c, data, who, tree.size ? expandRecord(c, data, tree, this.expandDeps(who)) : undefined);
  }

  /** A page of records as the API answers it (expand and fields applied to each item). */
  async listJson(c: CollectionModel, query: ListQuery & Record<string, unknown>, who: Caller): Promise<ListResult<unknown>> {
    // Access is refused before `expand` and `fields` are read, as by the reference.
    this.listRuleFor(c, query, who);
    const tree = parseExpand(query.expand);
    const fields = parseFields(query.fields);
    if (tree.size === 0) return this.list(c, query, who, (col, d) => pickFields(this.export(col, d, who), fields) as Record<string, unknown>);
    // The page's relations are expanded together: one query per relation field, not per item.
    const page = await this.list(c, query, who, (_col, d) => d);
    const expands = expandRecords(c, page.items as RecordData[], tree, this.expandDeps(who));
    return { ...page, items: page.items.map((d, i) => pickFields(this.export(c, d as RecordData, who, expands[i]), fields)) };
  }

  list(c: CollectionModel, query: ListQuery, who: Caller, map?: (c: CollectionModel, d: RecordData) => Record<string, unknown>): Promise<ListResult<Record<string, unknown>>> {
    const mapper = map ?? ((col: CollectionModel, d: RecordData) => this.export(col, d, who));
    return runListWith(this.app.readPool ?? NO_READ_POOL, this.db, { ...this.listSql(c, query, who), mapRow: (row) => mapper(c, recordFromRow(c, row)) });
  }

  /** Every row a list would page through, unpaged (same filter, sort and list rule): the records export reads it with a cursor. */
  unpagedListSql(c: CollectionModel, query: ListQuery, who: Caller): SqlFragment {
    return buildUnpagedListSql(this.listSql(c, query, who));
  }

  /** The table, filter resolver and rule condition of a list. */
  private listSql(c: CollectionModel, query: ListQuery, who: Caller) {
    const rule = this.listRuleFor(c, query, who);
    const where = rule === null ? undefined : ruleWhere(this.target(c, rule, who));
    return { table: c.name, resolver: filterResolver(this.target(c, "", who), who.admin), query, where };
  }

  /** The list rule, once the reference's first check passed: a non-admin's filter and sort name no admin-only field (else forbidden). */
  private listRuleFor(c: CollectionModel, query: ListQuery, who: Caller): string | null {
    if (!who.admin) checkAdminOnlyFields(query);
    return this.ruleFor(c.listRule, who);
  }

  /** A record as the requester may see it; not found when missing or hidden by the view rule. */
  view(c: CollectionModel, id: string, who: Caller): RecordData {
    const rule = this.ruleFor(c.viewRule, who);
    const row = this.repo.findById(c.name, id);
    if (!row) throw notFound();
    if (rule !== null && !checkRule(this.target(c, rule, who), id)) throw notFound();
    return recordFromRow(c, row);
  }

  /** Reads the record without any rule (internal use). */
  find(c: CollectionModel, id: string): RecordData | undefined {
    const row = this.repo.findById(c.name, id);
    return row && recordFromRow(c, row);
  }

  /** The values of a new record before the body is applied. */
  private blank(c: CollectionModel): RecordData {
    const data: RecordData = { id: "", created: "", updated: "" };
    if (isAuth(c)) Object.assign(data, { username: "", email: "", emailVisibility: false, verified: false, tokenKey: "", passwordHash: "", lastResetSentAt: "", lastVerificationSentAt: "", lastLoginAlertSentAt: "" });
    for (const f of c.schema) data[f.name] = zeroValue(f);
    return data;
  }

  async create(c: CollectionModel, body: SubmittedBody, who: Caller): Promise<SaveResult> {
    if (isView(c)) throw badRequest(UNSUPPORTED_TYPE);
    const rule = this.ruleFor(c.createRule, who);
    const form = load(c, this.blank(c), body);
    const failMessage = who.admin ? GENERIC_MESSAGE : CREATE_FAILED;
    const errors: VErrors = {};
    const id = form.id === undefined || form.id === null ? "" : typeof form.id === "string" ? form.id : String(form.id);
    if (id !== "") {
      if ([...id].length !== 15) errors.id = V.exactLength(15);
      else if (!ID_RE.test(id)) errors.id = V.match();
      else if (this.repo.idExists(c.name, id)) errors.id = verr("validation_invalid_id", "The model id is invalid or already exists.");
    }
    form.data.id = id || body.recordId || newId();
    if (isAuth(c)) Object.assign(errors, await this.applyAuth(c, form, who, true, body.passwords));
    // A non-admin's `verified` is checked after the others (the reference's real save, after its
    // dry run): the record is inserted unverified, and a requester the collection's manageRule
    // lets manage the new record may verify it.
    const verified = errors.verified;
    delete errors.verified;
    this.throwSchemaErrorsAfter(c, form, errors, failMessage);
    if (verified && (who.admin || authOptions(c).manageRule === null || !who.info.auth)) throw badRequest(GENERIC_MESSAGE, errorsToData({ verified }));
    // Auth record ids are unique across all auth collections (tokens name a record by id).
    if (isAuth(c) && this.app.collections.all().some((o) => o.id !== c.id && isAuth(o) && this.repo.idExists(o.name, String(form.data.id)))) {
      throw badRequest(CREATE_FAILED);
    }
    const now = nowString();
    form.data.created = now;
    form.data.updated = now;
    await this.writeUploads(c, String(form.data.id), form.uploads, CREATE_FAILED);
    try {
      transaction(this.db, () => {
        this.repo.insert(c.name, rowFromRecord(c, form.data));
        if (rule !== null && rule.trim() !== "") {
          const t = this.target(c, rule, who);
          if (!checkRule(t, String(form.data.id))) throw badRequest(CREATE_FAILED);
        }
        if (verified) {
          if (!this.managesRecord(c, String(form.data.id), who)) throw badRequest(GENERIC_MESSAGE, errorsToData({ verified }));
          form.data.verified = form.auth.verified;
          this.repo.update(c.name, String(form.data.id), rowFromRecord(c, form.data));
        }
      });
    } catch (err) {
      // A new record owns nothing else in storage: remove its whole folder.
      if (form.uploads.length) await this.app.files?.deleteRecord(c.id, String(form.data.id));
      throw this.writeError(err, CREATE_FAILED);
    }
    return { data: asSaved(c, this.find(c, String(form.data.id)), form.data), uploads: form.uploads, removedFiles: form.removedFiles };
  }

  async update(c: CollectionModel, id: string, body: SubmittedBody, who: Caller): Promise<SaveResult> {
    if (isView(c)) throw badRequest(UNSUPPORTED_TYPE);
    const rule = this.ruleFor(c.updateRule, who);
    const current = this.find(c, id);
    if (!current) throw notFound();
    readObject(body.data);
    if (rule !== null && !checkRule(this.target(c, rule, who), id)) throw notFound();
    const form = load(c, current, body);
    const errors: VErrors = {};
    if (form.id !== undefined && form.id !== null && String(form.id) !== id) errors.id = V.in();
    if (isAuth(c)) Object.assign(errors, await this.applyAuth(c, form, who, false, body.passwords));
    this.throwSchemaErrorsAfter(c, form, errors, GENERIC_MESSAGE);
    form.data.id = id;
    form.data.updated = nowString();
    await this.writeUploads(c, id, form.uploads, UPDATE_FAILED);
    try {
      transaction(this.db, () => this.repo.update(c.name, id, rowFromRecord(c, form.data)));
    } catch (err) {
      await this.unwriteUploads(c, id, form.uploads);
      throw this.writeError(err, UPDATE_FAILED);
    }
    return { data: asSaved(c, this.find(c, id), form.data), uploads: form.uploads, removedFiles: form.removedFiles };
  }

  /**
   * Deletes a record, then (in the same transaction) removes it from the relations that
   * point to it: records left without a value are deleted when the relation cascades,
   * refused when it is required; the others are saved without the id.
   * Returns the deleted records (for file cleanup).
   */
  delete(c: CollectionModel, id: string, who: Caller): DeleteResult {
    if (isView(c)) throw badRequest(UNSUPPORTED_TYPE);
    const rule = this.ruleFor(c.deleteRule, who);
    if (!this.repo.idExists(c.name, id)) throw notFound();
    if (rule !== null && !checkRule(this.target(c, rule, who), id)) throw notFound();
    const result: DeleteResult = { deleted: [], updated: [] };
    try {
      transaction(this.db, () => this.deleteCascade(c, id, result, 0));
    } catch (err) {
      if (err instanceof DomainError) throw err;
      if (this.app.dev) console.error(err);
      throw badRequest(DELETE_FAILED);
    }
    return result;
  }

  private deleteCascade(c: CollectionModel, id: string, result: DeleteResult, depth: number): void {
    if (depth > 100 || result.deleted.some((d) => d.collection.id === c.id && d.id === id)) return;
    const record = this.find(c, id);
    this.repo.delete(c.name, id);
    if (record) result.deleted.push({ collection: c, id, record });
    for (const other of this.app.collections.all()) {
      if (isView(other)) continue;
      for (const f of other.schema) {
        if (f.type !== "relation" || (f.options as RelationOptions).collectionId !== c.id) continue;
        const multiple = isMultipleField(f);
        for (const row of this.repo.referencing(other.name, f.name, id, multiple)) {
          const rec = recordFromRow(other, row as Row);
          const ids = (Array.isArray(rec[f.name]) ? (rec[f.name] as string[]) : [String(rec[f.name])]).filter((x) => x !== id && x !== "");
          if (ids.length === 0 && (f.options as RelationOptions).cascadeDelete) {
            this.deleteCascade(other, String(rec.id), result, depth + 1);
            continue;
          }
          if (ids.length === 0 && f.required) throw badRequest(DELETE_FAILED);
          rec[f.name] = multiple ? ids : (ids[0] ?? "");
          rec.updated = nowString();
          this.repo.update(other.name, String(rec.id), rowFromRecord(other, rec));
          result.updated.push({ collection: other, id: String(rec.id), record: rec });
        }
      }
    }
  }

  /**
   * Throws the form's field errors, in the reference's two stages: the id and an auth record's
   * own fields (`errors`) alone when any failed; the schema fields and uploads only once they pass.
   */
  private throwSchemaErrorsAfter(c: CollectionModel, form: LoadedForm, errors: VErrors, message: string): void {
    if (Object.keys(errors).length) throw badRequest(message, errorsToData(errors));
    Object.assign(errors, this.validateData(c, form.data));
    Object.assign(errors, uploadErrors(c, form, errors));
    if (Object.keys(errors).length) throw badRequest(message, errorsToData(errors));
  }

  private validateData(c: CollectionModel, data: RecordData): VErrors {
    try {
      return validateRecordData(c, data, this.deps()) ?? {};
    } catch (err) {
      if (err instanceof NonFiniteNumberError) throw badRequest(GENERIC_MESSAGE);
      throw err;
    }
  }

  private deps() {
    return {
      countExisting: (collectionId: string, ids: string[]) => {
        const target = this.app.collections.find(collectionId);
        if (!target) return -1;
        return this.repo.countExisting(target.name, ids);
      },
    };
  }

  /** Auth fields: username, email, visibility, verified and the password; returns field errors. */
  private async applyAuth(c: CollectionModel, form: LoadedForm, who: Caller, isNew: boolean, passwords: PasswordWork = INLINE_PASSWORDS): Promise<VErrors> {
    const opts = authOptions(c);
    const a = form.auth;
    const d = form.data;
    const errs: VErrors = {};
    const manage = who.admin || (!isNew && this.managesRecord(c, String(d.id), who));
    // username
    if (a.username !== undefined || isNew) {
      const username = a.username ?? "";
      if (username === "" && isNew) {
        d.username = this.suggestUsername(c);
      } else if (username === "") {
        errs.username = V.required();
      } else if ([...username].length < 3 || [...username].length > 150) {
        errs.username = V.length(3, 150);
      } else if (!USERNAME_RE.test(username)) {
        errs.username = V.match();
      } else if (this.repo.valueTaken(c.name, "username", username, String(d.id), true)) {
        errs.username = verr("validation_invalid_username", "The username is invalid or already in use.");
      } else d.username = username;
    }
    // email
    if (a.email !== undefined) {
      const email = a.email;
      if (!isNew && !manage && email !== d.email) errs.email = V.in();
      else if (email === "" && opts.requireEmail) errs.email = V.required();
      else if (email !== "" && !isEmailFormat(email)) errs.email = verr("validation_is_email", "must be a valid email address");
      else if (email !== "" && !domainOk(email, opts.exceptEmailDomains, opts.onlyEmailDomains)) errs.email = verr("validation_email_domain_not_allowed", "Email domain is not allowed.");
      else if (email !== "" && this.repo.valueTaken(c.name, "email", email, String(d.id))) errs.email = verr("validation_invalid_email", "The email is invalid or already in use.");
      else d.email = email;
    } else if (isNew && opts.requireEmail) errs.email = V.required();
    if (a.emailVisibility !== undefined) d.emailVisibility = a.emailVisibility;
    if (a.verified !== undefined) {
      if (!manage && a.verified !== d.verified) errs.verified = V.in();
      else d.verified = a.verified;
    }
    // password
    const changing = isNew || a.password !== undefined || a.passwordConfirm !== undefined;
    if (changing) {
      const pw = a.password ?? "";
      const confirm = a.passwordConfirm ?? "";
      const min = Math.max(opts.minPasswordLength, 0);
      if (pw === "") errs.password = V.required();
      else if ([...pw].length < min || [...pw].length > 72) errs.password = V.length(min, 72);
      if (confirm === "") errs.passwordConfirm = V.required();
      else if (confirm !== pw) errs.passwordConfirm = verr("validation_values_mismatch", "Values don't match.");
      if (!isNew && !manage) {
        if (!a.oldPassword) errs.oldPassword = V.required();
        else if (!(await passwords.verify(a.oldPassword, String(d.passwordHash)))) errs.oldPassword = verr("validation_invalid_old_password", "Missing or invalid old password.");
      }
      if (Object.keys(errs).length === 0 && pw !== "") {
        d.passwordHash = await passwords.hash(pw);
        d.tokenKey = randomString(50);
      }
    }
    if (isNew && !d.tokenKey) d.tokenKey = randomString(50);
    return errs;
  }

  /** Whether the auth collection's manageRule gives the requester full control of the record. */
  private managesRecord(c: CollectionModel, id: string, who: Caller): boolean {
    const rule = authOptions(c).manageRule;
    if (rule === null || !who.info.auth) return false;
    try {
      return checkRule(this.target(c, rule, who), id);
    } catch {
      return false;
    }
  }

  private suggestUsername(c: CollectionModel): string {
    const prefix = c.name.replace(/[^\w.-]/g, "") || "users";
    for (let i = 0; i < 20; i++) {
      const name = prefix + randomString(5, "123456789");
      if (!this.repo.valueTaken(c.name, "username", name, "", true)) return name;
    }
    return prefix + randomString(10, "123456789");
  }

  /**
   * Stores a save's new files before its row is written (files first: a failed storage
   * write leaves no record; FilesService.store removes what it wrote when it fails).
   */
  private async writeUploads(c: CollectionModel, id: string, uploads: PreparedUpload[], message: string): Promise<void> {
    if (uploads.length === 0 || !this.app.files) return;
    const files = uploads.map((u) => {
      // Validation refuses uploads dropped over a limit; one reaching here could not be
      // stored while it arrived (storage failing): the save fails, never an empty file.
      if (u.data === null) throw badRequest(message);
      return { name: u.name, data: u.data, mime: u.mime, originalName: u.originalName };
    });
    try {
      await this.app.files.store(c.id, id, files);
    } catch (err) {
      if (this.app.dev) console.error(err);
      throw badRequest(message);
    }
  }

  /** Removes the files of a save whose row could not be written. */
  private async unwriteUploads(c: CollectionModel, id: string, uploads: PreparedUpload[]): Promise<void> {
    if (uploads.length && this.app.files) await this.app.files.delete(c.id, id, uploads.map((u) => u.name));
  }

  /** Maps a failed write to the reference's answer: unique index conflicts become field errors. */
  private writeError(err: unknown, message: string): DomainError {
    if (err instanceof DomainError) return err;
    const cols = uniqueViolationColumns(err);
    if (cols?.length) {
      const data: VErrors = {};
      for (const col of cols) data[col] = verr("validation_not_unique", "Value must be unique");
      return badRequest(message, errorsToData(data));
    }
    if (this.app.dev) console.error(err);
    return badRequest(message);
  }
}

function domainOk(email: string, except: string[] | null, only: string[] | null): boolean {
  const domain = email.slice(email.lastIndexOf("@") + 1);
  if (except && except.length && except.includes(domain)) return false;
  if (only && only.length && !only.includes(domain)) return false;
  return true;
}

/** Applies a submitted body; unknown file names are the reference's load error. */
function load(c: CollectionModel, current: RecordData, body: SubmittedBody): LoadedForm {
  try {
    return loadBody(c, current, formValues(c, readObject(body.data), body.texts), body.files);
  } catch (err) {
    if (err instanceof UnknownFilenamesError) {
      throw badRequest(LOAD_MESSAGE, errorsToData({ [err.field]: verr("validation_unknown_filenames", "The field contains unknown filenames.") }));
    }
    throw err;
  }
}

/** Size and type errors of new files (for fields without an error yet). */
function uploadErrors(c: CollectionModel, form: LoadedForm, existing: VErrors): VErrors {
  const out: VErrors = {};
  for (const u of form.uploads) {
    if (existing[u.field] || out[u.field]) continue;
    const f = c.schema.find((x) => x.name === u.field);
    if (!f) continue;
    const e = validateUploadedFile(f.options as FileOptions, { originalName: u.originalName, name: u.name, size: uploadSize(u), mime: u.mime });
    if (e) out[u.field] = e;
  }
  return out;
}

/** A request body as an object; a malformed or non-object body is the reference's bad request. */
export function readObject(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== "object" || Array.isArray(body)) throw badRequest(LOAD_MESSAGE);
  return body as Record<string, unknown>;
}
