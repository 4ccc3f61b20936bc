import type { Condition, Expr, Operand, SignOperator } from "./ast.js";
import { DomainError } from "../tools/errors.js";
import { queryError } from "./errors.js";
import { likePattern } from "./like.js";
import { macroValue } from "./macros.js";
import { parseFilter, type ParseOptions } from "./parser.js";
import type { FieldResolver, JoinClause, ResolvedField, SqlFragment } from "./types.js";
import { fragmentKey, JoinSet } from "./joins.js";

export interface FilterSqlOptions {
  /** The instant the datetime macros refer to (default: now). */
  now?: Date;
  /** Limits for parsing (compileFilter only). */
  parse?: ParseOptions;
}

/** A WHERE condition plus the JOIN clauses its fields need (deduplicated, in first-use order). */
export interface FilterSql extends SqlFragment {
  joins: SqlFragment[];
}

/** Parses and translates a filter string; every problem is a QueryError. */
export function compileFilter(input: string, resolver: FieldResolver, opts: FilterSqlOptions = {}): FilterSql {
  return filterToSql(parseFilter(input, opts.parse), resolver, opts);
}

/**
 * Translates a parsed filter to SQLite. Every literal (text, number, bool, null,
 * macro value) is a bound `?` parameter; identifiers come only from the resolver.
 */
export function filterToSql(expr: Expr, resolver: FieldResolver, opts: FilterSqlOptions = {}): FilterSql {
  return new FilterBuilder(resolver, opts.now ?? new Date()).build(expr);
}

/** A resolved operand. */
interface Term {
  field: boolean;
  sql: string;
  params: unknown[];
  /** An empty-string or null literal (the reference folds these together for = and !=). */
  empty: boolean;
  /** A resolver value known not to be empty (ResolvedField.literal): compared with '' directly, without folding NULL. */
  known?: boolean;
  /** Text of a text/number literal, used to build a LIKE pattern. */
  likeText?: string;
  noCoalesce: boolean;
  /** Values source of a multiple field (one row per value, column `v`). */
  values?: SqlFragment;
  /** A multiple field whose `sql` is already one value per (joined) row. */
  joined?: boolean;
  /** A condition the whole comparison must also meet. */
  guard?: SqlFragment;
}

/** Chains longer than this are emitted as balanced groups, keeping SQLite's expression depth small. */
const MAX_FLAT_CHAIN = 64;

class FilterBuilder {
  private readonly joins = new JoinSet();
  private alias = 0;

  constructor(
    private readonly resolver: FieldResolver,
    private readonly now: Date,
  ) {}

  build(expr: Expr): FilterSql {
    const where = this.expr(expr);
    return { sql: where.sql, params: where.params, joins: this.joins.list() };
  }

  private expr(e: Expr): SqlFragment {
    if (e.type === "condition") return this.condition(e);
    return this.chain(e.type === "and" ? " AND " : " OR ", e.children.map((c) => this.expr(c)));
  }

  private chain(glue: string, parts: SqlFragment[]): SqlFragment {
    if (parts.length > MAX_FLAT_CHAIN) {
      const size = Math.ceil(parts.length / MAX_FLAT_CHAIN);
      const groups: SqlFragment[] = [];
      for (let i = 0; i < parts.length; i += size) groups.push(this.chain(glue, parts.slice(i, i + size)));
      parts = groups;
    }
    if (parts.length === 1) return parts[0];
    return { sql: "(" + parts.map((p) => p.sql).join(glue) + ")", params: parts.flatMap((p) => p.params) };
  }

  private condition(c: Condition): SqlFragment {
    const left = this.term(c.left, "left");
    const right = this.term(c.right, "right");
    const cond = this.compareTerms(c, left, right);
    const guards = [left.guard, right.guard].filter((g): g is SqlFragment => g !== undefined);
    if (guards.length === 0) return cond;
    return { sql: `(${[cond, ...guards].map((g) => g.sql).join(" AND ")})`, params: [cond, ...guards].flatMap((g) => g.params) };
  }

  private compareTerms(c: Condition, left: Term, right: Term): SqlFragment {
    const anyOf = c.op.startsWith("?");
    const op = (anyOf ? c.op.slice(1) : c.op) as SignOperator;
    if (!left.values && !right.values) return compare(op, left, right);

    // "Some value matches": a joined per-row value is compared as it is; a JSON array
    // expression is searched with EXISTS over its values.
    const some = this.overValues(op, left, right, (t) => !t.joined, (from, cond) => ({
      sql: `EXISTS (SELECT 1 FROM ${from.sql} WHERE ${cond.sql})`,
      params: [...from.params, ...cond.params],
    }));
    if (anyOf) return some;
    // "Every value matches": also no value may fail (or be missing, except for `=`).
    const none = this.overValues(op, left, right, () => true, (from, cond, aliases) => {
      const nullChecks = op === "=" ? "" : aliases.map((a) => ` OR ${a}.v IS NULL`).join("");
      return { sql: `NOT EXISTS (SELECT 1 FROM ${from.sql} WHERE NOT (${cond.sql})${nullChecks})`, params: [...from.params, ...cond.params] };
    });
    return { sql: `(${some.sql} AND ${none.sql})`, params: [...some.params, ...none.params] };
  }

  /**
   * Compares l and r with the multi-value operands selected by `pick` replaced by a
   * row of their values source (`__mmN.v`); the same source is used once per condition.
   */
  private overValues(
    op: SignOperator,
    l: Term,
    r: Term,
    pick: (t: Term) => boolean,
    wrap: (from: SqlFragment, cond: SqlFragment, aliases: string[]) => SqlFragment,
  ): SqlFragment {
    const sources: { key: string; alias: string; values: SqlFragment }[] = [];
    const bind = (t: Term): Term => {
      if (!t.values || !pick(t)) return t;
      const key = fragmentKey(t.values);
      let src = sources.find((s) => s.key === key);
      if (!src) {
        src = { key, alias: `__mm${++this.alias}`, values: t.values };
        sources.push(src);
      }
      return { ...t, sql: `${src.alias}.v`, params: [], values: undefined };
    };
    const cond = compare(op, bind(l), bind(r));
    if (sources.length === 0) return cond;
    const from: SqlFragment = {
      sql: sources.map((s) => `(${s.values.sql}) AS ${s.alias}`).join(", "),
      params: sources.flatMap((s) => s.values.params),
    };
    return wrap(from, cond, sources.map((s) => s.alias));
  }

  private term(o: Operand, side: string): Term {
    const literal = (value: unknown, extra: Partial<Term> = {}): Term => ({
      field: false,
      sql: "?",
      params: [value],
      empty: false,
      noCoalesce: false,
      ...extra,
    });
    switch (o.kind) {
      case "text":
        return literal(o.value, { empty: o.value === "", likeText: o.value });
      case "number":
        return literal(o.value, { likeText: formatNumber(o.value) });
      case "bool":
        // Bound as INTEGER (not REAL) so text columns compare with '1'/'0', as in the reference.
        return literal(o.value ? 1n : 0n);
      case "null":
        return literal(null, { empty: true });
      case "identifier": {
        const macro = macroValue(o.name, this.now);
        if (macro !== undefined) {
          return typeof macro === "number" ? literal(BigInt(macro), { likeText: String(macro) }) : literal(macro, { likeText: macro });
        }
        let resolved: ResolvedField | null;
        try {
          resolved = this.resolver.resolve(o.name);
        } catch (err) {
          if (err instanceof DomainError) throw err;
          throw queryError(`invalid ${side} operand ${JSON.stringify(o.name)} - ${err instanceof Error ? err.message : String(err)}`);
        }
        if (!resolved) throw queryError(`invalid ${side} operand ${JSON.stringify(o.name)} - failed to resolve field`);
        for (const j of resolved.joins ?? []) this.addJoin(j);
        const params = resolved.params ?? [];
        return {
          field: resolved.literal === undefined,
          sql: resolved.sql,
          params,
          empty: resolved.literal?.empty ?? false,
          known: resolved.literal !== undefined && !resolved.literal.empty,
          likeText: resolved.literal?.likeText,
          noCoalesce: resolved.noCoalesce ?? false,
          values: resolved.multiple ? (resolved.values ?? jsonValues({ sql: resolved.sql, params })) : undefined,
          joined: resolved.multiple === true && resolved.values !== undefined,
          guard: resolved.guard,
        };
      }
    }
  }

  private addJoin(j: JoinClause): void {
    this.joins.add(j);
  }
}

/** One row per element of a JSON array (a non-JSON value is one element; an empty array gives one NULL row). */
export function jsonValues(x: SqlFragment): SqlFragment {
  return {
    sql: `SELECT __je.value AS v FROM (SELECT 1) LEFT JOIN json_each(CASE WHEN json_valid(${x.sql}) THEN ${x.sql} ELSE json_array(${x.sql}) END) AS __je`,
    params: [...x.params, ...x.params, ...x.params],
  };
}

/** A number as the reference prints it in a LIKE pattern: plain decimal notation, no exponent. */
export function formatNumber(v: number): string {
  if (Object.is(v, -0)) return "-0";
  const s = String(v);
  if (!/e/i.test(s)) return s;
  const [mant, expStr] = s.split(/e/i);
  const exp = Number(expStr);
  const neg = mant.startsWith("-");
  const digits = mant.replace("-", "").replace(".", "");
  const intLen = mant.replace("-", "").split(".")[0].length + exp;
  const body = intLen <= 0 ? "0." + "0".repeat(-intLen) + digits : digits.slice(0, intLen) + (digits.length > intLen ? "." + digits.slice(intLen) : "0".repeat(intLen - digits.length));
  return (neg ? "-" : "") + body;
}

const frag = (sql: string, ...parts: unknown[][]): SqlFragment => ({ sql, params: parts.flat() });

/** One comparison of two single values, with the reference's null/empty-string rules. */
function compare(op: SignOperator, l: Term, r: Term): SqlFragment {
  switch (op) {
    case "=":
    case "!=": {
      const eq = op === "=";
      if (l.noCoalesce || r.noCoalesce) return frag(`${l.sql} ${eq ? "IS" : "IS NOT"} ${r.sql}`, l.params, r.params);
      if (l.empty && r.empty) return frag(eq ? "? = ?" : "? IS NOT ?", [""], [""]);
      if ((l.empty && r.known) || (r.empty && l.known)) {
        // The reference compares a known value with '' as it is (a NULL row matches neither way).
        const x = l.empty ? r : l;
        return l.empty ? frag(`? ${eq ? "=" : "IS NOT"} ${x.sql}`, [""], x.params) : frag(`${x.sql} ${eq ? "=" : "IS NOT"} ?`, x.params, [""]);
      }
      if (l.empty || r.empty) {
        // Compare the other side with '' and treat NULL as ''.
        const x = l.empty ? r : l;
        const cmp = l.empty ? frag(`? ${eq ? "=" : "IS NOT"} ${x.sql}`, [""], x.params) : frag(`${x.sql} ${eq ? "=" : "IS NOT"} ?`, x.params, [""]);
        return eq
          ? frag(`(${cmp.sql} OR ${x.sql} IS NULL)`, cmp.params, x.params)
          : frag(`(${cmp.sql} AND ${x.sql} IS NOT NULL)`, cmp.params, x.params);
      }
      if (l.field && r.field) {
        return frag(`COALESCE(${l.sql}, '') ${eq ? "=" : "IS NOT"} COALESCE(${r.sql}, '')`, l.params, r.params);
      }
      return frag(`${l.sql} ${eq ? "=" : "IS NOT"} ${r.sql}`, l.params, r.params);
    }
    case ">":
    case ">=":
    case "<":
    case "<=":
      return frag(`${l.sql} ${op} ${r.sql}`, l.params, r.params);
    case "~":
    case "!~": {
      const like = op === "~" ? "LIKE" : "NOT LIKE";
      if (r.likeText !== undefined) return frag(`${l.sql} ${like} ? ESCAPE '\\'`, l.params, [likePattern(r.likeText)]);
      return frag(`${l.sql} ${like} ('%' || ${r.sql} || '%') ESCAPE '\\'`, l.params, r.params);
    }
    default:
      throw queryError(`unknown operator ${JSON.stringify(op)}`);
  }
}
