/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The globals of PocketBase v0.22's JS engine that migration files use, installed into a vm
 * context. This function is shipped as source text (`VM_GLOBALS_SOURCE`) and evaluated inside the
 * context, so it must stay self-contained: no imports, no module-level names. Everything that
 * reaches the database goes through `host(op, args)`, a synchronous call answered by the main
 * thread (see bridge.ts); values cross as JSON. Hooks (issue 33, point 2) are meant to reuse these
 * classes and add their own globals beside them.
 */
export function installVmGlobals(g: any, rawCall: (op: string, argsJson: string) => string | undefined): void {
  const host = (op: string, ...args: unknown[]): any => {
    const text = rawCall(op, JSON.stringify(args));
    return text === undefined ? undefined : JSON.parse(text);
  };
  const copy = (v: unknown): any => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));
  const NO_ROWS = "sql: no rows in result set";

  // ------------------------------------------------------------ collections

  class SchemaField {
    [k: string]: any;
    constructor(data?: object) {
      Object.assign(this, { system: false, id: "", name: "", type: "", required: false, presentable: false, unique: false, options: {} }, copy(data ?? {}));
    }
  }

  class Schema {
    private list: SchemaField[];
    constructor(fields?: unknown[]) {
      this.list = (fields ?? []).map((f) => (f instanceof SchemaField ? f : new SchemaField(f as object)));
    }
    fields(): SchemaField[] {
      return this.list;
    }
    /** Replaces the field with the same id, else appends it (a field without id gets one when saved). */
    addField(f: any): void {
      const field = f instanceof SchemaField ? f : new SchemaField(f);
      const i = field.id ? this.list.findIndex((x) => x.id === field.id) : -1;
      if (i >= 0) this.list[i] = field;
      else this.list.push(field);
    }
    removeField(id: string): void {
      this.list = this.list.filter((f) => f.id !== id);
    }
    getFieldById(id: string): SchemaField | null {
      return this.list.find((f) => f.id === id) ?? null;
    }
    getFieldByName(name: string): SchemaField | null {
      return this.list.find((f) => f.name === name) ?? null;
    }
    asMap(): { [name: string]: SchemaField } {
      const m: { [name: string]: SchemaField } = {};
      for (const f of this.list) m[f.name] = f;
      return m;
    }
    toJSON(): unknown[] {
      return this.list;
    }
  }

  const COLLECTION_DEFAULTS = () => ({
    id: "", created: "", updated: "", name: "", type: "base", system: false, indexes: [],
    listRule: null, viewRule: null, createRule: null, updateRule: null, deleteRule: null, options: {},
  });

  /** Whether a save inserts (new) or updates, as the reference's models track it. */
  class Model {
    [k: string]: any;
    constructor() {
      Object.defineProperty(this, "_new", { value: true, writable: true, enumerable: false });
    }
    isNew(): boolean {
      return this._new;
    }
    markAsNew(): void {
      this._new = true;
    }
    markAsNotNew(): void {
      this._new = false;
    }
  }

  class Collection extends Model {
    constructor(data?: object) {
      super();
      Object.assign(this, COLLECTION_DEFAULTS());
      this.schema = new Schema([]);
      if (data) this.load(data);
    }
    /** Overwrites the given keys (as Go's json.Unmarshal into the struct). */
    load(data: any): void {
      for (const [k, v] of Object.entries(copy(data) ?? {})) {
        if (k === "schema") this.schema = new Schema((v as unknown[]) ?? []);
        else this[k] = v;
      }
    }
    isBase(): boolean {
      return this.type === "base";
    }
    isAuth(): boolean {
      return this.type === "auth";
    }
    isView(): boolean {
      return this.type === "view";
    }
    tableName(): string {
      return "_collections";
    }
    toJSON(): object {
      const out: any = {};
      for (const k of ["id", "created", "updated", "name", "type", "system", "schema", "indexes", "listRule", "viewRule", "createRule", "updateRule", "deleteRule", "options"]) {
        out[k] = k === "schema" ? (this.schema instanceof Schema ? this.schema.toJSON() : this.schema) : this[k];
      }
      return copy(out);
    }
  }

  const loadedCollection = (json: object) => {
    const c = new Collection(json);
    c.markAsNotNew();
    return c;
  };
  const collectionRef = (c: any): string => (c instanceof Collection ? c.id : String(c));

  // ------------------------------------------------------------ records

  class Record extends Model {
    constructor(collection?: any, data?: object) {
      super();
      Object.defineProperty(this, "_collection", { value: collection ?? new Collection(), writable: true, enumerable: false });
      Object.defineProperty(this, "_data", { value: {}, writable: true, enumerable: false });
      if (data) this.load(data);
    }
    get id(): string {
      return this._data.id ?? "";
    }
    set id(v: string) {
      this._data.id = v;
    }
    collection(): any {
      return this._collection;
    }
    load(data: object): void {
      Object.assign(this._data, copy(data));
    }
    get(key: string): any {
      return this._data[key] ?? null;
    }
    set(key: string, value: unknown): void {
      this._data[key] = copy(value);
    }
    getString(key: string): string {
      const v = this._data[key];
      return v === undefined || v === null ? "" : typeof v === "object" ? JSON.stringify(v) : String(v);
    }
    getInt(key: string): number {
      const n = Number(this._data[key]);
      return Number.isFinite(n) ? Math.trunc(n) : 0;
    }
    getFloat(key: string): number {
      const n = Number(this._data[key]);
      return Number.isFinite(n) ? n : 0;
    }
    getBool(key: string): boolean {
      const v = this._data[key];
      return v === true || v === 1 || v === "true" || v === "1";
    }
    getStringSlice(key: string): string[] {
      const v = this._data[key];
      if (Array.isArray(v)) return v.map(String);
      return v === undefined || v === null || v === "" ? [] : [String(v)];
    }
    getDateTime(key: string): string {
      return this.getString(key);
    }
    email(): string {
      return this.getString("email");
    }
    setEmail(v: string): void {
      this._data.email = v;
    }
    username(): string {
      return this.getString("username");
    }
    setUsername(v: string): void {
      this._data.username = v;
    }
    verified(): boolean {
      return this.getBool("verified");
    }
    setVerified(v: boolean): void {
      this._data.verified = !!v;
    }
    emailVisibility(): boolean {
      return this.getBool("emailVisibility");
    }
    setEmailVisibility(v: boolean): void {
      this._data.emailVisibility = !!v;
    }
    /** Hashes at once (bcrypt, on the main thread) and renews the token key, as the reference does. */
    setPassword(password: string): void {
      const r = host("hashPassword", String(password));
      this._data.passwordHash = r.hash;
      this._data.tokenKey = r.tokenKey;
    }
    tableName(): string {
      return this._collection.name;
    }
    /** As PocketBase's record JSON: no secrets or auth times, and the email only when visible. */
    publicExport(): object {
      const out = copy(this._data);
      for (const k of ["passwordHash", "tokenKey", "lastResetSentAt", "lastVerificationSentAt", "lastLoginAlertSentAt"]) delete out[k];
      if (this._collection.type === "auth" && !out.emailVisibility) delete out.email;
      return { ...out, collectionId: this._collection.id, collectionName: this._collection.name };
    }
    toJSON(): object {
      return this.publicExport();
    }
  }

  const loadedRecord = (r: { collection: object; data: object }) => {
    const rec = new Record(loadedCollection(r.collection), r.data);
    rec.markAsNotNew();
    return rec;
  };
  const mergeParams = (list: unknown[]) => Object.assign({}, ...list.filter((p) => p && typeof p === "object"));

  // ------------------------------------------------------------ plain queries

  /** A row shape for `one()`/`all()`: values come back converted to the template's types. */
  class DynamicModel {
    [k: string]: any;
    constructor(shape?: object) {
      Object.assign(this, copy(shape ?? {}));
    }
  }
  const fill = (target: any, row: any) => {
    for (const [k, v] of Object.entries(row)) {
      const t = target[k];
      if (typeof t === "number") target[k] = v === null ? 0 : Number(v);
      else if (typeof t === "boolean") target[k] = v === 1 || v === true || v === "1" || v === "true";
      else if (typeof t === "string") target[k] = v === null ? "" : String(v);
      else if (Array.isArray(t) || (t && typeof t === "object")) target[k] = typeof v === "string" ? safeJson(v) : v;
      else target[k] = v;
    }
    return target;
  };
  const safeJson = (s: string) => {
    try {
      return JSON.parse(s);
    } catch {
      return s;
    }
  };
  const arrayOf = (model: unknown) => {
    const list: any[] = [];
    Object.defineProperty(list, "_template", { value: model, enumerable: false });
    return list;
  };

  class Query {
    private params: object = {};
    constructor(private readonly sql: string) {}
    bind(params: object): Query {
      this.params = { ...this.params, ...(params ?? {}) };
      return this;
    }
    execute(): { rowsAffected(): number } {
      const r = host("execute", this.sql, this.params);
      return { rowsAffected: () => r.changes };
    }
    one(target: any): void {
      const row = host("queryOne", this.sql, this.params);
      if (row === null || row === undefined) throw new Error(NO_ROWS);
      fill(target, row);
    }
    all(target: any[]): void {
      const rows: any[] = host("queryAll", this.sql, this.params);
      const template = (target as any)._template;
      target.length = 0;
      for (const row of rows) {
        if (template instanceof Record) target.push(fill(new Record(template.collection()), row));
        else target.push(fill(template ? new DynamicModel(template) : {}, row));
      }
    }
  }

  const dbBuilder = { newQuery: (sql: string) => new Query(String(sql)) };

  // ------------------------------------------------------------ the Dao

  function Dao(this: any, db?: unknown): any {
    if (!(this instanceof Dao)) return new (Dao as any)(db);
    Object.defineProperty(this, "_db", { value: db ?? dbBuilder, enumerable: false });
  }
  Object.assign(Dao.prototype, {
    db(this: any): unknown {
      return this._db;
    },
    clone(this: any) {
      return this;
    },
    withoutHooks(this: any) {
      return this;
    },
    /** Already inside the migration's transaction: fn runs in it (its error rolls the whole file back). */
    runInTransaction(this: any, fn: (dao: unknown) => unknown) {
      return fn(this);
    },
    findCollectionByNameOrId(nameOrId: string) {
      return loadedCollection(host("findCollection", String(nameOrId)));
    },
    findCollectionsByType(type: string) {
      return (host("findCollections", String(type)) as object[]).map(loadedCollection);
    },
    isCollectionNameUnique(name: string, ...excludeIds: string[]) {
      return host("isCollectionNameUnique", String(name), excludeIds) as boolean;
    },
    saveCollection(c: any) {
      const saved = host("saveCollection", c.toJSON(), c.isNew());
      c.load(saved);
      c.markAsNotNew();
      return null;
    },
    deleteCollection(c: any) {
      host("deleteCollection", collectionRef(c));
      return null;
    },
    importCollections(list: any[], deleteMissing: boolean) {
      host("importCollections", (list ?? []).map((c) => (c instanceof Collection ? c.toJSON() : copy(c))), !!deleteMissing);
      return null;
    },
    findRecordById(collection: any, id: string) {
      return loadedRecord(host("findRecordById", collectionRef(collection), String(id)));
    },
    findRecordsByIds(collection: any, ids: string[]) {
      return (host("findRecordsByIds", collectionRef(collection), ids) as any[]).map(loadedRecord);
    },
    findFirstRecordByData(collection: any, key: string, value: unknown) {
      return loadedRecord(host("findFirstRecordByData", collectionRef(collection), String(key), value));
    },
    findRecordsByFilter(collection: any, filter: string, sort?: string, limit?: number, offset?: number, ...params: unknown[]) {
      return (host("findRecordsByFilter", collectionRef(collection), filter, sort ?? "", limit ?? 0, offset ?? 0, mergeParams(params)) as any[]).map(loadedRecord);
    },
    findFirstRecordByFilter(collection: any, filter: string, ...params: unknown[]) {
      const list = host("findRecordsByFilter", collectionRef(collection), filter, "", 1, 0, mergeParams(params)) as any[];
      if (list.length === 0) throw new Error(NO_ROWS);
      return loadedRecord(list[0]);
    },
    findAuthRecordByEmail(collection: any, email: string) {
      return loadedRecord(host("findAuthRecordByEmail", collectionRef(collection), String(email)));
    },
    saveRecord(record: any) {
      const saved = host("saveRecord", record.collection().id || record.collection().name, record._data, record.isNew());
      record.load(saved);
      record.markAsNotNew();
      return null;
    },
    deleteRecord(record: any) {
      host("deleteRecord", record.collection().id || record.collection().name, record.id);
      return null;
    },
  });

  // ------------------------------------------------------------ migrate()

  const registered: { up: (db: unknown) => unknown; down?: (db: unknown) => unknown }[] = [];
  const app = {
    dao: () => new (Dao as any)(dbBuilder),
    db: () => dbBuilder,
    isDev: () => false,
  };

  Object.assign(g, {
    Collection,
    SchemaField,
    Schema,
    Record,
    DynamicModel,
    Dao,
    arrayOf,
    $app: app,
    /** Go's json round trip into a target: a Collection or Record reloads, anything else takes the keys. */
    unmarshal(data: unknown, target: any) {
      if (target && typeof target.load === "function") target.load(data);
      else Object.assign(target, copy(data));
    },
    migrate(up: (db: unknown) => unknown, down?: (db: unknown) => unknown) {
      if (typeof up !== "function") throw new Error("migrate() needs an up function");
      registered.push({ up, down });
    },
    /** Called by the runner once the file has run: the registered up (or down) functions, in order. */
    __runMigration(direction: "up" | "down") {
      const list = direction === "up" ? registered : [...registered].reverse();
      for (const m of list) {
        const fn = direction === "up" ? m.up : m.down;
        if (typeof fn === "function") fn(dbBuilder);
      }
    },
  });
}

/** The source text evaluated inside each migration's context. */
export const VM_GLOBALS_SOURCE = installVmGlobals.toString();
