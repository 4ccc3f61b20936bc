import type { Db, Queryable, Tx } from "../db/types.js";
import type { EventBus } from "../events/bus.js";
import type { FilesService } from "../files/service.js";
import type { CollectionsSnapshot } from "../db/collectionsCache.js";
import { withTx } from "../db/transaction.js";
import { recordsRepo } from "../db/records.js";
import { collectionsRepo, lookup } from "../db/collections.js";
import { externalAuthsRepo } from "../db/externalAuths.js";
import { totpsRepo } from "../db/totps.js";
import { otpsRepo } from "../db/otps.js";
import { mfasRepo } from "../db/mfas.js";
import { errorsToData, V, verr, type VErrors } from "../fields/errors.js";
import { isMultipleField, type RelationOptions } from "../fields/index.js";
import { badRequest, DomainError, forbidden, notFound } from "../tools/errors.js";
import { authOptions, isAuth, isView, type CollectionModel } from "../models/collection.js";
import { runList } from "../query/list.js";
import type { ListQuery, ListResult, SqlFragment } from "../query/types.js";
import { buildUnpagedListSql } from "../query/unpagedList.js";
import { checkAdminOnlyFields } from "../query/rules.js";
import type { Caller } from "../auth/caller.js";
import type { PasswordWork } from "../auth/preparedPasswords.js";
import { newId } from "../tools/random.js";
import { nowString } from "../tools/time.js";
import { castValue, formValues, loadBody, UnknownFilenamesError, uploadSize, type LoadedForm, type PreparedUpload, type Upload } from "./form.js";
import { validateUploadedFile } from "../fields/file.js";
import type { FileOptions } from "../fields/index.js";
import { asSaved, recordFromRow, recordJson, rowFromRecord, type RecordData } from "../models/record.js";
import { checkRule, filterResolver, ruleWhere, type RuleTarget } from "./rules.js";
import { checkAuthFields } from "./authFields.js";
import { NonFiniteNumberError, validateRecordData } from "./validate.js";
import { zeroValue } from "../fields/index.js";
import { expandRecord, expandRecords, parseExpand, type ExpandDeps, type ExpandTree } from "./expand.js";
import { parseFields, pickFields } from "./fields.js";
import { HookStop, type RecordHookContext, type RecordWriteAction, type RecordWriteHooks } from "./writeHooks.js";

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

/** A record a delete removed or changed (cascades included), as it was at that point. */
interface TouchedRecord {
  collection: CollectionModel;
  id: string;
  record: RecordData;
}

/** What one delete did: the records it removed and those it saved without the deleted id. */
interface DeleteResult {
  deleted: TouchedRecord[];
  updated: TouchedRecord[];
}

/** The uploads storage a save writes to (a batch hands a copy that holds its writes until the commit). */
export type RecordFiles = Pick<FilesService, "store" | "delete" | "deleteRecord">;

/** What the record service works with. */
export interface RecordServiceDeps {
  db: Db;
  files: RecordFiles;
  events: EventBus;
  dev?: boolean;
  /** Code run around each write (pb_hooks' record and model hooks). */
  hooks?: RecordWriteHooks;
}

/**
 * Options of a write. `tx`: the caller's transaction (a batch, an import), in which the write
 * runs instead of one of its own; its event then goes out when that transaction commits, and
 * its file writes and removals happen at once through this service's `files` (the batch's
 * copy holds them until its commit; see batch/service.ts).
 */
export interface WriteOptions {
  tx?: Tx;
  /** No write hooks (a hook's own `$app.dao()` write: its thread is busy running that hook). */
  withoutHooks?: boolean;
}

/** What one request reads through: the database or a transaction, and the collections as they are there. */
interface Scope {
  q: Queryable;
  collections: CollectionsSnapshot;
  find: (nameOrId: string) => CollectionModel | undefined;
}

const ID_RE = /^[^@#$&|.,'"\\/\s]+$/;

/**
 * Records of base, auth and view collections: listing, reading, creating, changing, deleting.
 * Each write commits in one transaction (its own or the caller's) and announces its changes
 * on the bus once that transaction commits.
 */
export class RecordService {
  private readonly db: Db;

  constructor(private readonly deps: RecordServiceDeps) {
    this.db = deps.db;
  }

  /** The same service over another uploads storage (a batch's, which holds writes until its commit). */
  withFiles(files: RecordFiles): RecordService {
    return new RecordService({ ...this.deps, files });
  }

  private async scope(q: Queryable): Promise<Scope> {
    const collections = await collectionsRepo.snapshot(q);
    return { q, collections, find: (nameOrId) => lookup(collections, nameOrId) };
  }

  /** A collection by id or name; not found when missing. */
  async collection(idOrName: string, q: Queryable = this.db): Promise<CollectionModel> {
    const c = lookup(await collectionsRepo.snapshot(q), idOrName);
    if (!c) throw notFound();
    return c;
  }

  private target(s: Scope, c: CollectionModel, rule: string, who: Caller): RuleTarget {
    return { q: s.q, collection: c, rule, requestInfo: who.info, findCollection: s.find };
  }

  /** The rule a non-admin must pass; forbidden for an admins-only (null) rule. Null for admins. */
  private ruleFor(rule: string | null, who: Caller): string | null {
    if (who.admin) return null;
    if (rule === null) throw forbidden(ADMINS_ONLY);
    return rule;
  }

  /** A record as the requester sees it (the email only to admins, the owner and managers). */
  async export(c: CollectionModel, data: RecordData, who: Caller, expand?: Record<string, unknown>, q: Queryable = this.db): Promise<Record<string, unknown>> {
    return recordJson(c, data, { showEmail: await this.showsEmail(c, data, who, q), expand });
  }

  private async showsEmail(c: CollectionModel, data: RecordData, who: Caller, q: Queryable): Promise<boolean> {
    if (who.admin) return true;
    const ownerId = (who.info.auth?.record as { id?: unknown } | undefined)?.id;
    if (!!who.info.auth && who.info.auth.collection.id === c.id && ownerId === data.id) return true;
    // Managers (the auth collection's manageRule) see the email whatever emailVisibility says.
    if (!isAuth(c) || authOptions(c).manageRule === null || !who.info.auth) return false;
    return this.managesRecord(await this.scope(q), c, String(data.id), who);
  }

  /** Whether the requester may view a record (expand): admins always, else the view rule. */
  private async canView(s: Scope, c: CollectionModel, data: RecordData, who: Caller): Promise<boolean> {
    if (who.admin) return true;
    if (c.viewRule === null) return false;
    try {
      return await checkRule(this.target(s, c, c.viewRule, who), String(data.id));
    } catch {
      return false; // a rule that no longer compiles hides the record instead of failing the answer
    }
  }

  private expandDeps(s: Scope, who: Caller): ExpandDeps {
    return {
      findCollection: s.find,
      findByIds: async (col, ids) => (await recordsRepo.findByIds(s.q, col.name, ids)).map((r) => recordFromRow(col, r)),
      findReferencing: async (col, field, id, multiple) => (await recordsRepo.referencing(s.q, col.name, field, id, multiple)).map((r) => recordFromRow(col, r)),
      canView: (col, r) => this.canView(s, col, r, who),
      exportRecord: (col, r, expand) => this.export(col, r, who, expand, s.q),
    };
  }

  /** A record answer with the `expand` and `fields` query parameters applied (read through `q`: a batch's transaction). */
  async present(c: CollectionModel, data: RecordData, who: Caller, query: Record<string, unknown> = {}, q: Queryable = this.db): Promise<unknown> {
    const tree = parseExpand(query.expand);
    const json = await this.exportExpanded(c, data, who, tree, q);
    if (await this.showsTotp(c, data, who, q)) json.totp = true;
    return pickFields(json, parseFields(query.fields));
  }

  /**
   * Whether a single-record answer carries `totp: true` (beyond v0.22): to admins and the record
   * itself, while it has an active authenticator app. Absent otherwise, so answers stay v0.22's.
   */
  private async showsTotp(c: CollectionModel, data: RecordData, who: Caller, q: Queryable): Promise<boolean> {
    // A schema field of that name keeps its own value.
    if (!isAuth(c) || c.schema.some((f) => f.name === "totp")) return false;
    const self = !!who.info.auth && who.info.auth.collection.id === c.id && (who.info.auth.record as { id?: unknown }).id === data.id;
    if (!who.admin && !self) return false;
    return !!(await totpsRepo.find(q, c.id, String(data.id)))?.active;
  }

  private async exportExpanded(c: CollectionModel, data: RecordData, who: Caller, tree: ExpandTree, q: Queryable): Promise<Record<string, unknown>> {
    const expand = tree.size ? await expandRecord(c, data, tree, this.expandDeps(await this.scope(q), who)) : undefined;
    return this.export(c, data, who, expand, q);
  }

  /** A page of records as the API answers it (expand and fields applied to each item). */
  async listJson(c: CollectionModel, query: ListQuery & Record<string, unknown>, who: Caller): Promise<ListResult<unknown>> {
    // Access is refused before `expand` and `fields` are read, as by the reference.
    this.listRuleFor(c, query, who);
    const tree = parseExpand(query.expand);
    const fields = parseFields(query.fields);
    const page = await this.listRecords(c, query, who);
    if (this.deps.hooks) page.items = await this.deps.hooks.shown("list", c, page.items, who);
    // The page's relations are expanded together: one query per relation field, not per item.
    const expands = tree.size ? await expandRecords(c, page.items, tree, this.expandDeps(await this.scope(this.db), who)) : [];
    const items: unknown[] = [];
    for (let i = 0; i < page.items.length; i++) items.push(pickFields(await this.export(c, page.items[i], who, expands[i]), fields));
    return { ...page, items };
  }

  /** A page of records as the requester sees them (no expand, no fields). */
  async list(c: CollectionModel, query: ListQuery, who: Caller): Promise<ListResult<Record<string, unknown>>> {
    const page = await this.listRecords(c, query, who);
    const items: Record<string, unknown>[] = [];
    for (const d of page.items) items.push(await this.export(c, d, who));
    return { ...page, items };
  }

  private async listRecords(c: CollectionModel, query: ListQuery, who: Caller): Promise<ListResult<RecordData>> {
    return runList(this.db, { ...(await this.listSql(c, query, who)), mapRow: (row) => recordFromRow(c, row) });
  }

  /** Every row a list would page through, unpaged (same filter, sort and list rule): the records export reads it with a cursor. */
  async unpagedListSql(c: CollectionModel, query: ListQuery, who: Caller): Promise<SqlFragment> {
    return buildUnpagedListSql(await this.listSql(c, query, who));
  }

  /** The table, filter resolver and rule condition of a list. */
  private async listSql(c: CollectionModel, query: ListQuery, who: Caller) {
    const rule = this.listRuleFor(c, query, who);
    const s = await this.scope(this.db);
    const where = rule === null ? undefined : ruleWhere(this.target(s, c, rule, who));
    return { table: c.name, resolver: filterResolver(this.target(s, c, "", who), who.admin), query, where };
  }

  /** The list rule, once the reference's first check passed: a non-admin's filter and sort name no admin-only field (else forbidden). */
  private listRuleFor(c: CollectionModel, query: ListQuery, who: Caller): string | null {
    if (!who.admin) checkAdminOnlyFields(query);
    return this.ruleFor(c.listRule, who);
  }

  /** A record as the requester may see it; not found when missing or hidden by the view rule. */
  async view(c: CollectionModel, id: string, who: Caller, q: Queryable = this.db): Promise<RecordData> {
    const rule = this.ruleFor(c.viewRule, who);
    const row = await recordsRepo.findById(q, c.name, id);
    if (!row) throw notFound();
    if (rule !== null && !(await checkRule(this.target(await this.scope(q), c, rule, who), id))) throw notFound();
    return recordFromRow(c, row);
  }

  /** A record as the view request answers it: the view rule, pb_hooks' onRecordViewRequest, then `expand` and `fields`. */
  async viewJson(c: CollectionModel, id: string, who: Caller, query: Record<string, unknown>): Promise<unknown> {
    let data = await this.view(c, id, who);
    if (this.deps.hooks) data = (await this.deps.hooks.shown("view", c, [data], who))[0] ?? data;
    return this.present(c, data, who, query);
  }

  /** Reads the record without any rule (internal use), through `q` (a transaction sees its own writes). */
  async find(c: CollectionModel, id: string, q: Queryable = this.db): Promise<RecordData | undefined> {
    const row = await recordsRepo.findById(q, c.name, id);
    return row && recordFromRow(c, row);
  }

  /** The values of a new record before the body is applied. */
  private blank(c: CollectionModel): RecordData {
    const data: RecordData = { id: "", created: "", updated: "" };
    if (isAuth(c)) Object.assign(data, { username: "", email: "", emailVisibility: false, verified: false, tokenKey: "", passwordHash: "", lastResetSentAt: "", lastVerificationSentAt: "", lastLoginAlertSentAt: "" });
    for (const f of c.schema) data[f.name] = zeroValue(f);
    return data;
  }

  /**
   * Creates a record: checks and hashing first (on committed data, or the caller's transaction),
   * its files stored next, then the row, the create rule and `verified` in one transaction;
   * `record.create` once it commits. Returns the record as saved.
   */
  async create(c: CollectionModel, body: SubmittedBody, who: Caller, opts: WriteOptions = {}): Promise<RecordData> {
    if (isView(c)) throw badRequest(UNSUPPORTED_TYPE);
    const rule = this.ruleFor(c.createRule, who);
    const form = load(c, this.blank(c), body);
    const s = await this.scope(opts.tx ?? this.db);
    const failMessage = who.admin ? GENERIC_MESSAGE : CREATE_FAILED;
    const errors: VErrors = {};
    const id = form.id === undefined || form.id === null ? "" : typeof form.id === "string" ? form.id : String(form.id);
    if (id !== "") {
      if ([...id].length !== 15) errors.id = V.exactLength(15);
      else if (!ID_RE.test(id)) errors.id = V.match();
      else if (await recordsRepo.idExists(s.q, c.name, id)) errors.id = verr("validation_invalid_id", "The model id is invalid or already exists.");
    }
    form.data.id = id || body.recordId || newId();
    const recordId = String(form.data.id);
    if (isAuth(c)) Object.assign(errors, await checkAuthFields(s.q, c, form, { isNew: true, manage: who.admin, passwords: body.passwords }));
    // A non-admin's `verified` is checked after the others (the reference's real save, after its
    // dry run): the record is inserted unverified, and a requester the collection's manageRule
    // lets manage the new record may verify it.
    const verified = errors.verified;
    delete errors.verified;
    await this.throwSchemaErrorsAfter(s, c, form, errors, failMessage);
    if (verified && (who.admin || authOptions(c).manageRule === null || !who.info.auth)) throw badRequest(GENERIC_MESSAGE, errorsToData({ verified }));
    // Auth record ids are unique across all auth collections (tokens name a record by id).
    if (isAuth(c)) {
      for (const o of s.collections.all) {
        if (o.id !== c.id && isAuth(o) && (await recordsRepo.idExists(s.q, o.name, recordId))) throw badRequest(CREATE_FAILED);
      }
    }
    const now = nowString();
    form.data.created = now;
    form.data.updated = now;
    await this.writeUploads(c, recordId, form.uploads, CREATE_FAILED);
    let record: RecordData;
    try {
      record = await withTx(this.db, opts.tx, async (tx) => {
        const ts: Scope = { ...s, q: tx };
        form.data = await this.beforeHooks("create", c, form.data, who, opts, tx);
        form.data.id = recordId;
        await recordsRepo.insert(tx, c.name, rowFromRecord(c, form.data));
        if (rule !== null && rule.trim() !== "") {
          if (!(await checkRule(this.target(ts, c, rule, who), recordId))) throw badRequest(CREATE_FAILED);
        }
        if (verified) {
          if (!(await this.managesRecord(ts, c, recordId, who))) throw badRequest(GENERIC_MESSAGE, errorsToData({ verified }));
          form.data.verified = form.auth.verified;
          await recordsRepo.update(tx, c.name, recordId, rowFromRecord(c, form.data));
        }
        const record = asSaved(c, await this.find(c, recordId, tx), form.data);
        tx.afterCommit(() => this.deps.events.emit({ type: "record.create", collection: c, record }));
        return record;
      });
    } catch (err) {
      // A new record owns nothing else in storage: remove its whole folder.
      if (form.uploads.length) await this.deps.files.deleteRecord(c.id, recordId);
      throw this.writeError(err, CREATE_FAILED);
    }
    await this.afterHooks("create", c, record, who, opts);
    return record;
  }

  /**
   * Changes a record: checks, hashing and its new files first, then the row in one transaction;
   * `record.update` once it commits, then the files it no longer holds go. Returns the record as saved.
   */
  async update(c: CollectionModel, id: string, body: SubmittedBody, who: Caller, opts: WriteOptions = {}): Promise<RecordData> {
    if (isView(c)) throw badRequest(UNSUPPORTED_TYPE);
    const rule = this.ruleFor(c.updateRule, who);
    const s = await this.scope(opts.tx ?? this.db);
    const current = await this.find(c, id, s.q);
    if (!current) throw notFound();
    readObject(body.data);
    if (rule !== null && !(await checkRule(this.target(s, c, rule, who), id))) throw notFound();
    const form = load(c, current, body);
    const errors: VErrors = {};
    if (form.id !== undefined && form.id !== null && String(form.id) !== id) errors.id = V.in();
    if (isAuth(c)) {
      const manage = who.admin || (await this.managesRecord(s, c, id, who));
      Object.assign(errors, await checkAuthFields(s.q, c, form, { isNew: false, manage, passwords: body.passwords }));
    }
    await this.throwSchemaErrorsAfter(s, c, form, errors, GENERIC_MESSAGE);
    form.data.id = id;
    form.data.updated = nowString();
    await this.writeUploads(c, id, form.uploads, UPDATE_FAILED);
    let record: RecordData;
    try {
      record = await withTx(this.db, opts.tx, async (tx) => {
        form.data = await this.beforeHooks("update", c, form.data, who, opts, tx);
        form.data.id = id;
        await recordsRepo.update(tx, c.name, id, rowFromRecord(c, form.data));
        const saved = asSaved(c, await this.find(c, id, tx), form.data);
        tx.afterCommit(() => this.deps.events.emit({ type: "record.update", collection: c, record: saved, previous: current }));
        return saved;
      });
    } catch (err) {
      await this.unwriteUploads(c, id, form.uploads);
      throw this.writeError(err, UPDATE_FAILED);
    }
    await this.deps.files.delete(c.id, id, form.removedFiles);
    await this.afterHooks("update", c, record, who, opts);
    return record;
  }

  /**
   * Deletes a record, then (in the same transaction) removes it from the relations that
   * point to it: records left without a value are deleted when the relation cascades,
   * refused when it is required; the others are saved without the id. A deleted auth
   * record's OAuth2 links go in the same transaction. Once committed: one event per record
   * changed or deleted, then the deleted records' files.
   */
  async delete(c: CollectionModel, id: string, who: Caller, opts: WriteOptions = {}): Promise<void> {
    if (isView(c)) throw badRequest(UNSUPPORTED_TYPE);
    const rule = this.ruleFor(c.deleteRule, who);
    const s = await this.scope(opts.tx ?? this.db);
    if (!(await recordsRepo.idExists(s.q, c.name, id))) throw notFound();
    if (rule !== null && !(await checkRule(this.target(s, c, rule, who), id))) throw notFound();
    const result: DeleteResult = { deleted: [], updated: [] };
    try {
      await withTx(this.db, opts.tx, async (tx) => {
        const current = await this.find(c, id, tx);
        if (current) await this.beforeHooks("delete", c, current, who, opts, tx);
        await this.deleteCascade({ ...s, q: tx }, tx, c, id, result, 0);
        const { events } = this.deps;
        tx.afterCommit(() => {
          for (const u of result.updated) events.emit({ type: "record.update", collection: u.collection, record: u.record });
          for (const d of result.deleted) events.emit({ type: "record.delete", collection: d.collection, record: d.record });
        });
      });
    } catch (err) {
      if (err instanceof DomainError || err instanceof HookStop) throw err;
      if (this.deps.dev) console.error(err);
      throw badRequest(DELETE_FAILED);
    }
    for (const d of result.deleted) await this.deps.files.deleteRecord(d.collection.id, d.id);
    const removed = result.deleted.find((d) => d.collection.id === c.id && d.id === id);
    if (removed) await this.afterHooks("delete", c, removed.record, who, opts);
  }

  private async deleteCascade(s: Scope, tx: Tx, c: CollectionModel, id: string, result: DeleteResult, depth: number): Promise<void> {
    if (depth > 100 || result.deleted.some((d) => d.collection.id === c.id && d.id === id)) return;
    const record = await this.find(c, id, tx);
    await recordsRepo.delete(tx, c.name, id);
    if (isAuth(c)) {
      await externalAuthsRepo.deleteForRecord(tx, c.id, id);
      // Its sign-in factors go with it (Cairn's tables, beyond v0.22).
      await totpsRepo.delete(tx, c.id, id);
      await otpsRepo.deleteForRecord(tx, c.id, id);
      await mfasRepo.deleteForRecord(tx, c.id, id);
    }
    if (record) result.deleted.push({ collection: c, id, record });
    for (const other of s.collections.all) {
      if (isView(other)) continue;
      for (const f of other.schema) {
        if (f.type !== "relation" || (f.options as RelationOptions).collectionId !== c.id) continue;
        const multiple = isMultipleField(f);
        for (const row of await recordsRepo.referencing(tx, other.name, f.name, id, multiple)) {
          const rec = recordFromRow(other, row);
          const ids = (Array.isArray(rec[f.name]) ? (rec[f.name] as string[]) : [String(rec[f.name])]).filter((x) => x !== id && x !== "");
          if (ids.length === 0 && (f.options as RelationOptions).cascadeDelete) {
            await this.deleteCascade(s, tx, other, String(rec.id), result, depth + 1);
            continue;
          }
          if (ids.length === 0 && f.required) throw badRequest(DELETE_FAILED);
          rec[f.name] = multiple ? ids : (ids[0] ?? "");
          rec.updated = nowString();
          await recordsRepo.update(tx, other.name, String(rec.id), rowFromRecord(other, rec));
          result.updated.push({ collection: other, id: String(rec.id), record: rec });
        }
      }
    }
  }

  /**
   * Throws the form's field errors, in the reference's two stages: the id and an auth record's
   * own fields (`errors`) alone when any failed; the schema fields and uploads only once they pass.
   */
  private async throwSchemaErrorsAfter(s: Scope, c: CollectionModel, form: LoadedForm, errors: VErrors, message: string): Promise<void> {
    if (Object.keys(errors).length) throw badRequest(message, errorsToData(errors));
    Object.assign(errors, await this.validateData(s, c, form.data));
    Object.assign(errors, uploadErrors(c, form, errors));
    if (Object.keys(errors).length) throw badRequest(message, errorsToData(errors));
  }

  private async validateData(s: Scope, c: CollectionModel, data: RecordData): Promise<VErrors> {
    const countExisting = async (collectionId: string, ids: string[]) => {
      const target = s.find(collectionId);
      return target ? recordsRepo.countExisting(s.q, target.name, ids) : -1;
    };
    try {
      return (await validateRecordData(c, data, { countExisting })) ?? {};
    } catch (err) {
      if (err instanceof NonFiniteNumberError) throw badRequest(GENERIC_MESSAGE);
      throw err;
    }
  }

  /** Whether the auth collection's manageRule gives the requester full control of the record. */
  private async managesRecord(s: Scope, c: CollectionModel, id: string, who: Caller): Promise<boolean> {
    const rule = authOptions(c).manageRule;
    if (rule === null || !who.info.auth) return false;
    try {
      return await checkRule(this.target(s, c, rule, who), id);
    } catch {
      return false;
    }
  }

  /**
   * Stores a save's new files before its row is written (files first: a failed storage
   * write leaves no record; FilesService.store removes what it wrote when it fails).
   */
  private async writeUploads(c: CollectionModel, id: string, uploads: PreparedUpload[], message: string): Promise<void> {
    if (uploads.length === 0) return;
    const files = uploads.map((u) => {
      // Validation refuses uploads dropped over a limit; one reaching here could not be
      // stored while it arrived (storage failing): the save fails, never an empty file.
      if (u.data === null) throw badRequest(message);
      return { name: u.name, data: u.data, mime: u.mime, originalName: u.originalName };
    });
    try {
      await this.deps.files.store(c.id, id, files);
    } catch (err) {
      if (this.deps.dev) console.error(err);
      throw badRequest(message);
    }
  }

  /** Removes the files of a save whose row could not be written. */
  private async unwriteUploads(c: CollectionModel, id: string, uploads: PreparedUpload[]): Promise<void> {
    if (uploads.length) await this.deps.files.delete(c.id, id, uploads.map((u) => u.name));
  }

  /** Maps a failed write to the reference's answer: unique index conflicts become field errors. */
  /** The write's context for its hooks: an API request when the write has a transaction of its own and a caller that asked. */
  private hookContext(who: Caller, opts: WriteOptions, tx?: Tx): RecordHookContext {
    return { who, request: !opts.tx && Object.keys(who.info).length > 0, tx };
  }

  private async beforeHooks(action: RecordWriteAction, c: CollectionModel, data: RecordData, who: Caller, opts: WriteOptions, tx: Tx): Promise<RecordData> {
    const hooks = this.deps.hooks;
    if (!hooks || opts.withoutHooks) return data;
    const changed = await hooks.before(action, c, data, this.hookContext(who, opts, tx));
    if (changed === data) return data;
    // As PocketBase's Record.Set: the values a hook set take their field's type.
    for (const f of c.schema) {
      const v = changed[f.name];
      if (v !== undefined) changed[f.name] = JSON.stringify(v) === JSON.stringify(data[f.name]) ? data[f.name] : castValue(f, v);
    }
    return changed;
  }

  /** After hooks once committed; in a caller's transaction, once that commits (their errors logged: the answer is the caller's). */
  private async afterHooks(action: RecordWriteAction, c: CollectionModel, data: RecordData, who: Caller, opts: WriteOptions): Promise<void> {
    const hooks = this.deps.hooks;
    if (!hooks || opts.withoutHooks) return;
    const ctx = this.hookContext(who, opts);
    if (!opts.tx) return hooks.after(action, c, data, ctx);
    opts.tx.afterCommit(() => void hooks.after(action, c, data, ctx).catch((err: unknown) => console.error(err)));
  }

  private writeError(err: unknown, message: string): Error {
    if (err instanceof DomainError || err instanceof HookStop) return err;
    const cols = this.db.dialect.uniqueViolationColumns(err);
    if (cols?.length) {
      const data: VErrors = {};
      for (const col of cols) data[col] = verr("validation_not_unique", "Value must be unique");
      return badRequest(message, errorsToData(data));
    }
    if (this.deps.dev) console.error(err);
    return badRequest(message);
  }
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
