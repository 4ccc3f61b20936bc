import type { ValueKind } from "../db/types.js";
import { isMultipleField, type RelationOptions, type SchemaField } from "../fields/index.js";
import { forbidden } from "../tools/errors.js";
import { BASE_FIELD_NAMES, isAuth, type CollectionModel } from "../models/collection.js";
import { parseIndex } from "../db/indexes.js";
import { QueryError } from "./errors.js";
import { jsonValues } from "./filterSql.js";
import type { FieldResolver, JoinClause, QueryDialect, ResolvedField, SqlFragment } from "./types.js";
import type { SqlOperand } from "../db/types.js";
import { extractPath, goJson, goString, parseGoFloat, staticRequestMap, toUniqueStrings, type AuthInfo, type RequestInfo } from "./requestInfo.js";

/**
 * The field resolver of a collection's records, for list filters, sorts and API rules.
 * Everything becomes SQL over the record tables (LEFT JOINs named after the path, bound
 * parameters for every value), with the reference's semantics:
 *
 * - `title`, `id`, `created`; auth collections add username, email, emailVisibility and
 *   verified (the other auth columns cannot be used); `meta.a.0.b` reads a JSON field.
 * - Relation paths `author.team.name` (at most 6 relations deep), back relations
 *   `comments_via_post.body`; a path through a multi-value relation (or a back relation
 *   without a unique index) holds many values: `?=` means "some value", `=` "all values".
 * - `:each` on select/relation/file fields, `:length` (count of values); `:isset` only
 *   means something for `@request.data.*` / `@request.query.*`; unknown modifiers fail.
 * - `@request.auth.*` (the auth record; NULL for guests; deeper paths join its table),
 *   `@request.data.*` (`:isset`, `:length`, `:each`, relation paths through submitted
 *   ids), `@request.query.*`, `@request.headers.*`, `@request.method`, `@request.context`.
 * - `@collection.name[:alias].field`: every record of another collection.
 * - Without `allowHiddenFields`, a comparison on an auth record's `email` also requires
 *   `emailVisibility = TRUE` (not for `@collection.*` and `@request.auth.*` paths).
 */
export interface RecordResolverOptions {
  /** The dialect of the database the SQL runs on (`q.db.dialect`). */
  dialect: QueryDialect;
  collection: CollectionModel;
  /** Loads a collection by name or id (relations, back relations, `@collection.*`). */
  findCollection: (nameOrId: string) => CollectionModel | undefined;
  /** The request `@request.*` reads (default: a guest GET with nothing submitted). */
  requestInfo?: RequestInfo;
  /** Admins (and view/update/delete rules) may compare hidden emails; default false. */
  allowHiddenFields?: boolean;
  /**
   * Whether `@request.*` and `@collection.*` may be used (rules: yes, the default; a
   * non-admin's filter and sort: no, forbidden like the reference's).
   */
  allowRequestFields?: boolean;
  /** The name the main query gives the collection's table (default: the collection name). */
  table?: string;
  /**
   * A condition on each record a relation path reaches (the joined table under `alias`),
   * AND-ed into its join: a client's filter and sort see only the related records they may
   * list (rules/pathAccess.ts). Unset for API rules and admins.
   */
  relationAccess?: (target: CollectionModel, alias: string) => SqlFragment | null;
}

/** The most relations a path may go through. */
export const MAX_RELATION_DEPTH = 6;

const MODIFIERS = new Set(["each", "length", "isset"]);
const ARRAYABLE = new Set(["select", "relation", "file"]);
const AUTH_SYSTEM_FIELDS = ["username", "email", "emailVisibility", "verified"];

const PLAIN_RE = /^\w+[\w.:]*$/;
const REQUEST_RE = [
  /^@request\.(context|method)$/,
  /^@request\.(auth|data|query)\.[\w.:]*\w$/,
  /^@request\.headers\.\w+$/,
];
const COLLECTION_RE = /^@collection\.(\w+)(?::(\w+))?\.([\w.:]*\w)$/;

/** A path that does not resolve: a bad request (the detail says why). */
const ResolveError = QueryError;

const frag = (sql: string, params: unknown[] = []): SqlFragment => ({ sql, params });

/** What a record column holds, by field type (system fields are text, bar the auth flags). */
function columnKind(field: SchemaField<object> | undefined, name: string): ValueKind {
  if (!field) return name === "emailVisibility" || name === "verified" ? "bool" : "text";
  if (field.type === "number") return "number";
  if (field.type === "bool") return "bool";
  if (field.type === "json" || isMultipleField(field)) return "json";
  return "text";
}

/** The JSON path of the keys after a JSON field: `a.0.b` -> `.a[0].b`. */
function jsonPath(keys: string[]): string {
  let p = "";
  keys.forEach((k, i) => {
    const key = k.replace(/[^\w.*\-@#]/g, "");
    if (/^\d+$/.test(key)) p += `[${key}]`;
    else p += (i > 0 ? "." : "") + key;
  });
  return p === "" || p.startsWith("[") ? p : "." + p;
}

/** Splits `name:modifier`; an unknown modifier (or several) is an error. */
function splitModifier(prop: string): [string, string] {
  const parts = prop.split(":");
  if (parts.length === 1) return [prop, ""];
  if (parts.length > 2 || !MODIFIERS.has(parts[1])) throw new ResolveError(`unknown modifier in ${JSON.stringify(prop)}`);
  return [parts[0], parts[1]];
}

const NULL_VALUE: ResolvedField = { sql: "NULL", literal: { empty: true }, kind: "null" };

/** A single-column unique index on the column (a back relation through it is single). */
function hasUniqueIndex(c: CollectionModel, column: string): boolean {
  return c.indexes.some((sql) => {
    try {
      const idx = parseIndex(sql);
      return idx.unique && idx.columns.length === 1 && idx.columns[0].name.toLowerCase() === column.toLowerCase();
    } catch {
      return false;
    }
  });
}

/** The state of a path walk: where the current collection is joined, in the main query and in the multi-value subquery. */
interface Step {
  collection: CollectionModel;
  alias: string;
  joins: SqlFragment[];
  /** The "every value" subquery's FROM, joins and correlation with the main row. */
  mmAlias: string;
  mmFrom: SqlFragment;
  mmJoins: SqlFragment[];
  mmWhere: SqlFragment | null;
  /** The path went through a multi-value step. */
  multi: boolean;
  /** Unknown fields are NULL instead of an error (paths from `@request.*`). */
  nullify: boolean;
  /** No email visibility guard. */
  hidden: boolean;
}

export function recordResolver(opts: RecordResolverOptions): FieldResolver {
  return new RecordResolver(opts);
}

class RecordResolver implements FieldResolver {
  readonly dialect: QueryDialect;
  readonly rowOrder: string | undefined;
  private readonly collection: CollectionModel;
  private readonly table: string;
  private readonly hidden: boolean;
  private readonly allowRequest: boolean;
  private readonly auth: AuthInfo | null;
  private staticMap?: Record<string, unknown>;

  constructor(private readonly opts: RecordResolverOptions) {
    this.dialect = opts.dialect;
    this.collection = opts.collection;
    this.table = opts.table ?? opts.collection.name;
    // A view has no row-order column: its rows keep the order its query gives.
    this.rowOrder = opts.collection.type === "view" ? opts.dialect.viewOrder || undefined : opts.dialect.rowid(this.q(this.table));
    this.hidden = opts.allowHiddenFields ?? false;
    this.allowRequest = opts.allowRequestFields ?? true;
    this.auth = opts.requestInfo?.auth ?? null;
  }

  resolve(identifier: string): ResolvedField | null {
    if (typeof identifier !== "string") return null;
    if (identifier.startsWith("@request.")) {
      if (!REQUEST_RE.some((re) => re.test(identifier))) return null;
      if (!this.allowRequest) throw forbidden("Only admins can filter by @request.");
      return this.resolveRequest(identifier.slice("@request.".length).split("."));
    }
    if (identifier.startsWith("@collection.")) {
      const m = COLLECTION_RE.exec(identifier);
      if (!m) return null;
      if (!this.allowRequest) throw forbidden("Only admins can filter by @collection.");
      return this.resolveCollection(identifier, m[1], m[2], m[3].split("."));
    }
    if (!PLAIN_RE.test(identifier)) return null;
    return this.walk(this.rootStep(), identifier.split("."));
  }

  /** Names and path aliases (which may be long) quoted. */
  private q(name: string): string {
    return this.dialect.alias(name);
  }

  private col(alias: string, name: string): string {
    return `${this.q(alias)}.${this.q(name)}`;
  }

  /** One row per value of a single- or multi-value column, as a table named `alias`. */
  private each(column: string, alias: string): SqlFragment {
    return this.dialect.eachValue(frag(column), this.q(alias));
  }

  private load(nameOrId: string): CollectionModel | undefined {
    return nameOrId === "" ? undefined : this.opts.findCollection(nameOrId);
  }

  private rootStep(): Step {
    const mmAlias = `__mm:${this.table}`;
    return {
      collection: this.collection,
      alias: this.table,
      joins: [],
      mmAlias,
      mmFrom: frag(`${this.q(this.collection.name)} AS ${this.q(mmAlias)}`),
      mmJoins: [],
      mmWhere: frag(`${this.col(mmAlias, "id")} = ${this.col(this.table, "id")}`),
      multi: false,
      nullify: false,
      hidden: this.hidden,
    };
  }

  // ------------------------------------------------------------ collection paths

  private walk(s: Step, props: string[]): ResolvedField {
    for (let i = 0; i < props.length; i++) {
      const prop = props[i];
      if (i === props.length - 1) return this.last(s, prop);
      const field = s.collection.schema.find((f) => f.name === prop);
      if (field?.type === "json") {
        const path = jsonPath(props.slice(i + 1));
        return this.finish(s, (a) => this.dialect.jsonFieldValue(this.col(a, field.name), path), { noCoalesce: true, kind: "value" });
      }
      if (i >= MAX_RELATION_DEPTH) throw new ResolveError(`max nested relations reached (${MAX_RELATION_DEPTH})`);
      if (!field) {
        const via = prop.indexOf("_via_");
        if (via === -1) {
          if (s.nullify) return NULL_VALUE;
          throw new ResolveError(`failed to resolve field ${JSON.stringify(prop)}`);
        }
        this.backRelation(s, prop, prop.slice(0, via), prop.slice(via + "_via_".length));
        continue;
      }
      if (field.type !== "relation") throw new ResolveError(`field ${JSON.stringify(prop)} is not a valid relation`);
      this.relation(s, field);
    }
    throw new ResolveError("empty field path");
  }

  private relation(s: Step, field: SchemaField<object>): void {
    const target = this.load((field.options as RelationOptions).collectionId);
    if (!target) throw new ResolveError(`failed to load the collection of relation field ${JSON.stringify(field.name)}`);
    const join = (parent: string) => {
      const alias = `${parent}>${field.name}`;
      if (!isMultipleField(field)) return [this.accessOn(target, alias, frag(`LEFT JOIN ${this.q(target.name)} AS ${this.q(alias)} ON ${this.col(alias, "id")} = ${this.col(parent, field.name)}`))];
      const je = `${alias}#je`;
      const each = this.each(this.col(parent, field.name), je);
      const id: SqlOperand = { sql: this.col(alias, "id"), params: [], kind: "text" };
      const on = this.dialect.compare("=", id, { sql: `${this.q(je)}.value`, params: [], kind: "value" });
      return [
        frag(this.dialect.leftJoinAll(each.sql), each.params),
        this.accessOn(target, alias, frag(`LEFT JOIN ${this.q(target.name)} AS ${this.q(alias)} ON ${on.sql}`, on.params)),
      ];
    };
    s.joins.push(...join(s.alias));
    s.mmJoins.push(...join(s.mmAlias));
    s.alias = `${s.alias}>${field.name}`;
    s.mmAlias = `${s.mmAlias}>${field.name}`;
    s.collection = target;
    if (isMultipleField(field)) s.multi = true;
  }

  private backRelation(s: Step, prop: string, collectionName: string, fieldName: string): void {
    const back = this.load(collectionName);
    if (!back) throw new ResolveError(`failed to load back relation field ${JSON.stringify(prop)} collection`);
    const field = back.schema.find((f) => f.name === fieldName);
    if (!field) throw new ResolveError(`missing back relation field ${JSON.stringify(fieldName)}`);
    if (field.type !== "relation") throw new ResolveError(`invalid back relation field ${JSON.stringify(fieldName)}`);
    if ((field.options as RelationOptions).collectionId !== s.collection.id) {
      throw new ResolveError(`invalid back relation field ${JSON.stringify(fieldName)} collection reference`);
    }
    const multiple = isMultipleField(field) || !hasUniqueIndex(back, field.name);
    const join = (parent: string) => {
      const alias = `${parent}>${prop}`;
      if (!multiple) return this.accessOn(back, alias, frag(`LEFT JOIN ${this.q(back.name)} AS ${this.q(alias)} ON ${this.col(alias, field.name)} = ${this.col(parent, "id")}`));
      const je = `${alias}#je`;
      const each = this.each(this.col(alias, field.name), je);
      return this.accessOn(
        back,
        alias,
        frag(`LEFT JOIN ${this.q(back.name)} AS ${this.q(alias)} ON ${this.col(parent, "id")} IN (SELECT ${this.dialect.valueText(`${this.q(je)}.value`)} FROM ${each.sql})`, each.params),
      );
    };
    s.joins.push(join(s.alias));
    s.mmJoins.push(join(s.mmAlias));
    s.alias = `${s.alias}>${prop}`;
    s.mmAlias = `${s.mmAlias}>${prop}`;
    s.collection = back;
    if (multiple) s.multi = true;
  }

  /** A relation join restricted by `relationAccess`, when set, to the records the requester may list. */
  private accessOn(target: CollectionModel, alias: string, join: SqlFragment): SqlFragment {
    const cond = this.opts.relationAccess?.(target, alias);
    return cond ? frag(`${join.sql} AND (${cond.sql})`, [...join.params, ...cond.params]) : join;
  }

  /** The last property of a path: a system field, or a schema field with an optional modifier. */
  private last(s: Step, prop: string): ResolvedField {
    const [name, modifier] = splitModifier(prop);
    if (modifier === "" && this.isSystemField(s.collection, name)) {
      const guard = name === "email" && !s.hidden && isAuth(s.collection) ? frag(`${this.col(s.alias, "emailVisibility")} = TRUE`) : undefined;
      // A hidden email reads as '' too, so sorting by it reveals nothing (comparisons are guarded).
      const value = guard
        ? (a: string) => frag(`(CASE WHEN ${this.col(a, "emailVisibility")} = TRUE THEN ${this.col(a, name)} ELSE '' END)`)
        : (a: string) => frag(this.col(a, name));
      return this.finish(s, value, guard ? { guard, kind: "string" } : { kind: columnKind(undefined, name) });
    }
    const field = s.collection.schema.find((f) => f.name === name);
    if (!field) {
      if (s.nullify) return NULL_VALUE;
      throw new ResolveError(`unknown field ${JSON.stringify(name)}`);
    }
    if (modifier === "length" && ARRAYABLE.has(field.type)) return this.finish(s, (a) => frag(this.dialect.valueCount(this.col(a, name))), { kind: "integer" });
    if (modifier === "each" && ARRAYABLE.has(field.type)) {
      const join = (parent: string) => {
        const each = this.each(this.col(parent, name), `${parent}>${name}#je`);
        return frag(this.dialect.leftJoinAll(each.sql), each.params);
      };
      s.joins.push(join(s.alias));
      if (isMultipleField(field)) {
        s.mmJoins.push(join(s.mmAlias));
        s.multi = true;
      } else {
        // One value per row: compared as a single value, as the reference does.
        s.multi = false;
      }
      return this.finish(s, (a) => frag(`${this.q(`${a}>${name}#je`)}.value`), { kind: "value" });
    }
    if (field.type === "json") return this.finish(s, (a) => this.dialect.jsonFieldValue(this.col(a, name), ""), { noCoalesce: true, kind: "value" });
    return this.finish(s, (a) => frag(this.col(a, name)), { kind: columnKind(field, name) });
  }

  private isSystemField(c: CollectionModel, name: string): boolean {
    return BASE_FIELD_NAMES.includes(name) || (isAuth(c) && AUTH_SYSTEM_FIELDS.includes(name));
  }

  /** The resolved field: `value` over the main query's alias, and over the subquery's for a multi-value path. */
  private finish(s: Step, value: (alias: string) => SqlFragment, extra: Partial<ResolvedField> = {}): ResolvedField {
    const main = value(s.alias);
    const out: ResolvedField = { sql: main.sql, params: main.params, joins: s.joins.map(toJoin), ...extra };
    if (s.multi) {
      const v = value(s.mmAlias);
      const parts = [s.mmFrom, ...s.mmJoins];
      out.multiple = true;
      out.values = {
        sql: `SELECT ${v.sql} AS v FROM ${parts.map((p) => p.sql).join(" ")}${s.mmWhere ? ` WHERE ${s.mmWhere.sql}` : ""}`,
        params: [...v.params, ...parts.flatMap((p) => p.params), ...(s.mmWhere?.params ?? [])],
      };
    }
    return out;
  }

  // ------------------------------------------------------------ @collection.*

  private resolveCollection(identifier: string, name: string, alias: string | undefined, props: string[]): ResolvedField {
    const other = this.load(name);
    if (!other) throw new ResolveError(`failed to load collection ${JSON.stringify(name)} from field path ${JSON.stringify(identifier)}`);
    const a = `@collection.${name}` + (alias ? `:${alias}` : "");
    const mmAlias = `__mm:${a}`;
    return this.walk(
      {
        collection: other,
        alias: a,
        joins: [frag(this.dialect.leftJoinAll(`${this.q(other.name)} AS ${this.q(a)}`))],
        mmAlias,
        mmFrom: frag(`${this.q(other.name)} AS ${this.q(mmAlias)}`),
        mmJoins: [],
        mmWhere: null,
        multi: true,
        nullify: false,
        hidden: true,
      },
      props,
    );
  }

  // ------------------------------------------------------------ @request.*

  private requestMap(): Record<string, unknown> {
    return (this.staticMap ??= staticRequestMap(this.opts.requestInfo ?? {}));
  }

  private resolveRequest(path: string[]): ResolvedField {
    const [head] = path;
    if (head === "auth") {
      if (!this.auth) return NULL_VALUE;
      const props = path.slice(1);
      if (props.length > 1 || props[0].includes(":")) return this.walk(this.authStep(this.auth), props);
    }
    if (head === "data" && path.length > 2) {
      const field = this.collection.schema.find((f) => f.name === path[1]);
      if (field?.type === "relation") return this.walk(this.dataRelationStep(field), path.slice(2));
    }
    const [key, modifier] = splitModifier(path[path.length - 1]);
    const keys = [...path.slice(0, -1), key];
    const { found, value } = extractPath(this.requestMap(), keys);
    if (head === "data" && keys.length === 2 && (modifier === "each" || modifier === "length")) {
      const field = this.collection.schema.find((f) => f.name === key);
      if (field && ARRAYABLE.has(field.type)) return this.dataValues(field, value, modifier);
    }
    if (modifier === "isset") return { sql: this.dialect.truth(found), literal: { empty: false }, kind: "integer" };
    return this.constant(value, key);
  }

  /** A request value bound as a parameter and compared like a literal. */
  private constant(value: unknown, key: string): ResolvedField {
    let v = value;
    if (typeof v === "string" && this.collection.schema.find((f) => f.name === key)?.type === "number") {
      // Numeric text sent for a number field's name counts as a number (form bodies send text).
      const n = parseGoFloat(v);
      if (n !== undefined) v = n;
    }
    if (v === undefined || v === null) return NULL_VALUE;
    if (typeof v === "boolean") return { sql: "?", params: [v ? 1n : 0n], literal: { empty: false, likeText: v ? "true" : "false" }, kind: "integer" };
    if (typeof v === "number" || typeof v === "bigint") {
      return { sql: "?", params: [v], literal: { empty: false, likeText: goString(v) }, kind: typeof v === "number" ? "real" : "integer" };
    }
    const text = typeof v === "string" ? v : goJson(v);
    return { sql: "?", params: [text], literal: { empty: text === "", likeText: text }, kind: "string" };
  }

  /** `@request.data.field:length` / `:each` for a select, relation or file field. */
  private dataValues(field: SchemaField<object>, value: unknown, modifier: string): ResolvedField {
    const items = toUniqueStrings(value);
    if (modifier === "length") {
      return { sql: "?", params: [BigInt(items.length)], literal: { empty: false, likeText: String(items.length) }, kind: "integer" };
    }
    const json = goJson(items);
    const alias = `@request.data.${field.name}:each`;
    const each = this.dialect.eachValue(frag("?", [json]), this.q(alias));
    const out: ResolvedField = {
      sql: `${this.q(alias)}.value`,
      joins: [{ sql: this.dialect.leftJoinAll(each.sql), params: each.params }],
      // The reference compares these values directly (no null folding).
      literal: { empty: false },
      kind: "value",
    };
    if (isMultipleField(field)) {
      out.multiple = true;
      out.values = jsonValues(this.dialect, frag("?", [json]));
    }
    return out;
  }

  /** `@request.auth.a.b`: the auth record's table joined by its id; unknown fields are NULL. */
  private authStep(auth: AuthInfo): Step {
    const alias = "@request.auth";
    const mmAlias = `__mm:${alias}`;
    const id = String(auth.record.id ?? "");
    return {
      collection: auth.collection,
      alias,
      joins: [frag(`LEFT JOIN ${this.q(auth.collection.name)} AS ${this.q(alias)} ON ${this.col(alias, "id")} = ?`, [id])],
      mmAlias,
      mmFrom: frag(`${this.q(auth.collection.name)} AS ${this.q(mmAlias)}`),
      mmJoins: [],
      mmWhere: frag(`${this.col(mmAlias, "id")} = ?`, [id]),
      multi: false,
      nullify: true,
      hidden: true,
    };
  }

  /** `@request.data.rel.x`: the records whose ids were submitted for a relation field. */
  private dataRelationStep(field: SchemaField<object>): Step {
    const target = this.load((field.options as RelationOptions).collectionId);
    if (!target) throw new ResolveError(`failed to load the collection of relation field ${JSON.stringify(field.name)}`);
    const ids = toUniqueStrings(extractPath(this.requestMap(), ["data", field.name]).value);
    const inIds = (alias: string) => (ids.length ? frag(`${this.col(alias, "id")} IN (${ids.map(() => "?").join(", ")})`, ids) : frag("0=1"));
    const alias = `@request.data.${field.name}`;
    const mmAlias = `__mm:${alias}`;
    const on = inIds(alias);
    return {
      collection: target,
      alias,
      joins: [frag(`LEFT JOIN ${this.q(target.name)} AS ${this.q(alias)} ON ${on.sql}`, on.params)],
      mmAlias,
      mmFrom: frag(`${this.q(target.name)} AS ${this.q(mmAlias)}`),
      mmJoins: [],
      mmWhere: inIds(mmAlias),
      multi: isMultipleField(field),
      nullify: true,
      hidden: this.hidden,
    };
  }
}

const toJoin = (f: SqlFragment): JoinClause => (f.params.length ? { sql: f.sql, params: f.params } : f.sql);
