import type { Expr, Operand } from "../query/ast.js";
import { QueryError } from "../query/errors.js";
import { isMacro } from "../query/macros.js";
import { parseFilter } from "../query/parser.js";
import { recordResolver } from "../query/recordResolver.js";
import { verr, type VError } from "../fields/errors.js";
import type { CollectionModel } from "../models/collection.js";
import type { QueryDialect } from "../query/types.js";

/**
 * Checks an API rule the way the reference does when a collection is saved: the filter must
 * parse, and every identifier must resolve with the same record resolver the queries use
 * (query/recordResolver.ts) — a field of the collection (through relations, JSON keys and
 * back relations), a `@request.*` key or a field of a `@collection.*`.
 */

/** A collection by id or by name ignoring case (`lookup` over a snapshot of the collections). */
type Lookup = (nameOrId: string) => CollectionModel | undefined;

/** The reference's error for a rule that does not parse or resolve, or null when the rule is fine. */
export function checkRule(rule: string | null, collection: CollectionModel, lookup: Lookup, dialect: QueryDialect): VError | null {
  if (rule === null || rule === "") return null;
  const detail = ruleProblem(rule, collection, lookup, dialect);
  return detail === null ? null : verr("validation_invalid_rule", "Invalid filter rule. Raw error: " + detail);
}

export function ruleProblem(rule: string, collection: CollectionModel, lookup: Lookup, dialect: QueryDialect): string | null {
  let expr: Expr;
  try {
    expr = parseFilter(rule);
  } catch (err) {
    if (err instanceof QueryError) return parseMessage(err.detail, rule);
    throw err;
  }
  // The collection may be a draft (not yet saved): the resolver gets it as is.
  const resolver = recordResolver({ dialect, collection, findCollection: lookup, allowHiddenFields: true });
  for (const c of conditions(expr)) {
    for (const [side, operand] of [["left", c.left], ["right", c.right]] as const) {
      if (operand.kind !== "identifier" || isMacro(operand.name)) continue;
      const problem = (detail: string) => `invalid ${side} operand ${JSON.stringify(operand.name)} - ${detail}`;
      try {
        if (resolver.resolve(operand.name) === null) return problem(`failed to resolve field ${JSON.stringify(operand.name)}`);
      } catch (err) {
        if (err instanceof QueryError) return problem(err.detail);
        throw err;
      }
    }
  }
  return null;
}

function* conditions(e: Expr): Generator<{ left: Operand; right: Operand }> {
  if (e.type === "condition") yield e;
  else for (const c of e.children) yield* conditions(c);
}

/** Words parse errors as the reference's filter parser does. */
function parseMessage(detail: string, rule: string): string {
  const d = detail.replace(/ at \d+$/, "");
  const unclosed = unclosedBrackets(rule);
  if (d.startsWith("invalid formatted group") || (unclosed > 0 && d === "invalid or incomplete filter expression")) {
    return `invalid formatted group - missing ${Math.max(unclosed, 1)} closing bracket(s)`;
  }
  if (d === "empty filter expression in brackets") return "empty filter expression";
  if (d.startsWith('unexpected ")"')) return "unexpected character ')'";
  const ch = /^unexpected character "(.*)"$/.exec(d);
  if (ch) return `unexpected character '${JSON.parse(`"${ch[1]}"`)}'`;
  if (d.startsWith("invalid identifier")) return "I" + d.slice(1);
  if (d.startsWith("expected right operand") && d.includes("(lparen)")) return "invalid or incomplete filter expression";
  return d;
}

function unclosedBrackets(rule: string): number {
  let depth = 0;
  let quote = "";
  for (let i = 0; i < rule.length; i++) {
    const c = rule[i];
    if (quote) {
      if (c === quote && rule[i - 1] !== "\\") quote = "";
    } else if (c === "'" || c === '"') quote = c;
    else if (c === "(") depth++;
    else if (c === ")" && depth > 0) depth--;
  }
  return depth;
}
