import type { Condition, Expr, Operand, SignOperator } from "./ast.js";
import type { SqlOperand, ValueKind } from "../db/types.js";
import { DomainError } from "../tools/errors.js";
import { queryError } from "./errors.js";
import { likePattern } from "./like.js";
import { macroValue } from "./macros.js";
import { parseFilter, type ParseOptions } from "./parser.js";
import type { FieldResolver, JoinClause, QueryDialect, ResolvedField, SqlFragment } from "./types.js";
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
 * Translates a parsed filter to the SQL of the resolver's dialect. Every literal (text, number, bool, null,
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
  /** What `sql` holds. */
  kind: ValueKind;
  /** What each value of `values` holds. */
  valuesKind?: ValueKind;
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
  private readonly d: QueryDialect;

  constructor(
    private readonly resolver: FieldResolver,
    private readonly now: Date,
  ) {
    this.d = resolver.dialect;
  }

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
    if (!left.values && !right.values) return compare(this.d, op, left, right);

    // "Some value matches": a joined per-row value is compared as it is; a JSON array
    // expression is searched with EXISTS over its values.
    const some = this.overValues(op, left, right, (t) => !t.joined, (from, cond) => ({
      sql: `EXISTS (SELECT 1 FROM ${from.sql} WHERE ${cond.sql})`,
      params: [...from.params, ...cond.params],
    }));
    if (anyOf) return some;
    // "Every value matches": also no value may fail (or be missing, except for `=`).
    const none = this.overValues(op, left, right, () => true, (from, cond, aliases) => {
      const nullChecks = op === "=" ? [] : aliases.map((a) => this.d.isNull(a, false));
      return {
        sql: `NOT EXISTS (SELECT 1 FROM ${from.sql} WHERE NOT (${cond.sql})${nullChecks.map((n) => ` OR ${n.sql}`).join("")})`,
        params: [...from.params, ...cond.params, ...nullChecks.flatMap((n) => n.params)],
      };
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
    wrap: (from: SqlFragment, cond: SqlFragment, values: SqlOperand[]) => SqlFragment,
  ): SqlFragment {
    const sources: { key: string; alias: string; values: SqlFragment; kind: ValueKind }[] = [];
    const bind = (t: Term): Term => {
      if (!t.values || !pick(t)) return t;
      const key = fragmentKey(t.values);
      let src = sources.find((s) => s.key === key);
      if (!src) {
        src = { key, alias: `__mm${++this.alias}`, values: t.values, kind: t.valuesKind ?? "value" };
        sources.push(src);
      }
      return { ...t, sql: `${src.alias}.v`, params: [], values: undefined, kind: src.kind };
    };
    const cond = compare(this.d, op, bind(l), bind(r));
    if (sources.length === 0) return cond;
    const from: SqlFragment = {
      sql: sources.map((s) => `(${s.values.sql}) AS ${s.alias}`).join(", "),
      params: sources.flatMap((s) => s.values.params),
    };
    return wrap(from, cond, sources.map((s) => ({ sql: `${s.alias}.v`, params: [], kind: s.kind })));
  }

  private term(o: Operand, side: string): Term {
    const literal = (value: unknown, kind: ValueKind, extra: Partial<Term> = {}): Term => ({
      field: false,
      sql: "?",
      params: [value],
      empty: false,
      noCoalesce: false,
      kind,
      ...extra,
    });
    switch (o.kind) {
      case "text":
        return literal(o.value, "string", { empty: o.value === "", likeText: o.value });
      case "number":
        return literal(o.value, "real", { likeText: formatNumber(o.value) });
      case "bool":
        // Bound as INTEGER (not REAL) so text columns compare with '1'/'0', as in the reference.
        return literal(o.value ? 1n : 0n, "integer");
      case "null":
        return literal(null, "null", { empty: true });
      case "identifier": {
        const macro = macroValue(o.name, this.now);
        if (macro !== undefined) {
          return typeof macro === "number" ? literal(BigInt(macro), "integer", { likeText: String(macro) }) : literal(macro, "string", { likeText: macro });
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
        const kind = resolved.kind ?? "value";
        return {
          kind,
          // A JSON array searched value by value holds JSON values; a resolver's values source holds the field's.
          valuesKind: resolved.values ? kind : "value",
          field: resolved.literal === undefined,
          sql: resolved.sql,
          params,
          empty: resolved.literal?.empty ?? false,
          known: resolved.literal !== undefined && !resolved.literal.empty,
          likeText: resolved.literal?.likeText,
          noCoalesce: resolved.noCoalesce ?? false,
          values: resolved.multiple ? (resolved.values ?? jsonValues(this.d, { sql: resolved.sql, params })) : undefined,
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
export function jsonValues(d: QueryDialect, x: SqlFragment): SqlFragment {
  const each = d.eachValue(x, "__je");
  return { sql: `SELECT __je.value AS v FROM ${d.oneRow} ${d.leftJoinAll(each.sql)}`, params: each.params };
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

const EMPTY: SqlOperand = { sql: "?", params: [""], kind: "string" };
const and = (a: SqlFragment, glue: string, b: SqlFragment): SqlFragment => ({ sql: `(${a.sql} ${glue} ${b.sql})`, params: [...a.params, ...b.params] });

/** One comparison of two single values, with the reference's null/empty-string rules. */
function compare(d: QueryDialect, op: SignOperator, l: Term, r: Term): SqlFragment {
  switch (op) {
    case "=":
    case "!=": {
      const eq = op === "=";
      if (l.noCoalesce || r.noCoalesce) return d.compare(eq ? "IS" : "IS NOT", l, r);
      if (l.empty && r.empty) return d.compare(eq ? "=" : "IS NOT", EMPTY, EMPTY);
      if ((l.empty && r.known) || (r.empty && l.known)) {
        // The reference compares a known value with '' as it is (a NULL row matches neither way).
        return l.empty ? d.compare(eq ? "=" : "IS NOT", EMPTY, r) : d.compare(eq ? "=" : "IS NOT", l, EMPTY);
      }
      if (l.empty || r.empty) {
        // Compare the other side with '' and treat NULL as ''.
        const x = l.empty ? r : l;
        const cmp = l.empty ? d.compare(eq ? "=" : "IS NOT", EMPTY, x) : d.compare(eq ? "=" : "IS NOT", x, EMPTY);
        return eq ? and(cmp, "OR", d.isNull(x, false)) : and(cmp, "AND", d.isNull(x, true));
      }
      if (l.field && r.field) return d.compare(eq ? "=" : "IS NOT", d.coalesceEmpty(l), d.coalesceEmpty(r));
      return d.compare(eq ? "=" : "IS NOT", l, r);
    }
    case ">":
    case ">=":
    case "<":
    case "<=":
      return d.compare(op, l, r);
    case "~":
    case "!~": {
      if (r.likeText !== undefined) return d.like(l, { sql: "?", params: [likePattern(r.likeText)], kind: "string" }, op === "!~", false);
      return d.like(l, r, op === "!~", true);
    }
    default:
      throw queryError(`unknown operator ${JSON.stringify(op)}`);
  }
}
