import type { CollectionsRepo } from "../db/collections.js";
import type { Expr, Operand } from "../query/ast.js";
import { QueryError } from "../query/errors.js";
import { isMacro } from "../query/macros.js";
import { parseFilter } from "../query/parser.js";
import type { RelationOptions } from "../fields/index.js";
import { verr, type VError } from "../fields/errors.js";
import { BASE_FIELD_NAMES, isAuth, type CollectionModel } from "./model.js";

/**
 * Checks an API rule the way the reference does when a collection is saved: the filter must
 * parse, and every identifier must resolve — a field of the collection (through relations,
 * JSON keys and back relations), a `@request.*` key or a field of a `@collection.*`.
 * What a rule means at request time is the rules engine's job; this only validates.
 */

type Lookup = Pick<CollectionsRepo, "findById" | "findByNameOrId">;

/** The auth columns rules may use (not the secrets). */
const AUTH_RULE_FIELDS = ["username", "email", "emailVisibility", "verified"];
const REQUEST_KEYS = ["auth", "data", "query", "headers"];
const MAX_DEPTH = 6;

class ResolveError extends Error {}

/** The reference's error for a rule that does not parse or resolve, or null when the rule is fine. */
export function checkRule(rule: string | null, collection: CollectionModel, lookup: Lookup): VError | null {
  if (rule === null || rule === "") return null;
  const detail = ruleProblem(rule, collection, lookup);
  return detail === null ? null : verr("validation_invalid_rule", "Invalid filter rule. Raw error: " + detail);
}

export function ruleProblem(rule: string, collection: CollectionModel, lookup: Lookup): string | null {
  let expr: Expr;
  try {
    expr = parseFilter(rule);
  } catch (err) {
    if (err instanceof QueryError) return parseMessage(err.detail, rule);
    throw err;
  }
  for (const c of conditions(expr)) {
    for (const [side, operand] of [["left", c.left], ["right", c.right]] as const) {
      if (operand.kind !== "identifier" || isMacro(operand.name)) continue;
      try {
        resolveIdentifier(operand.name, collection, lookup);
      } catch (err) {
        if (err instanceof ResolveError) return `invalid ${side} operand ${JSON.stringify(operand.name)} - ${err.message}`;
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

function resolveIdentifier(name: string, collection: CollectionModel, lookup: Lookup): void {
  if (name.startsWith("@request.")) {
    const parts = name.slice("@request.".length).split(".");
    const head = stripModifier(parts[0]);
    if ((head === "method" || head === "context") && parts.length === 1) return;
    if (REQUEST_KEYS.includes(parts[0]) && parts.length > 1 && parts[1] !== "") return;
    throw new ResolveError(`failed to resolve field ${JSON.stringify(name)}`);
  }
  if (name.startsWith("@collection.")) {
    const parts = name.slice("@collection.".length).split(".");
    if (parts.length < 2) throw new ResolveError(`failed to resolve field ${JSON.stringify(name)}`);
    const collName = parts[0].split(":")[0];
    const other = lookup.findByNameOrId(collName);
    if (!other) throw new ResolveError(`failed to load collection ${JSON.stringify(collName)} from field path ${JSON.stringify(name)}`);
    resolvePath(parts.slice(1), other, lookup, 0);
    return;
  }
  if (name.startsWith("@")) throw new ResolveError(`failed to resolve field ${JSON.stringify(name)}`);
  resolvePath(name.split("."), collection, lookup, 0);
}

const stripModifier = (s: string) => {
  const i = s.indexOf(":");
  return i === -1 ? s : s.slice(0, i);
};

function resolvePath(parts: string[], collection: CollectionModel, lookup: Lookup, depth: number): void {
  const raw = parts[0];
  const name = stripModifier(raw);
  const hasModifier = name !== raw;
  const field = collection.schema.find((f) => f.name === name);
  const baseField = BASE_FIELD_NAMES.includes(name) || (isAuth(collection) && AUTH_RULE_FIELDS.includes(name));
  if (parts.length === 1) {
    if (field || (baseField && !hasModifier)) return;
    throw new ResolveError(`unknown field ${JSON.stringify(name)}`);
  }
  if (depth >= MAX_DEPTH) throw new ResolveError(`failed to resolve field ${JSON.stringify(name)}`);
  if (field) {
    if (field.type === "json") return;
    if (field.type !== "relation") throw new ResolveError(`field ${JSON.stringify(name)} is not a valid relation`);
    const related = lookup.findById((field.options as RelationOptions).collectionId);
    if (!related) throw new ResolveError(`failed to resolve field ${JSON.stringify(name)}`);
    resolvePath(parts.slice(1), related, lookup, depth + 1);
    return;
  }
  const via = /^(\w+)_via_(\w+)$/.exec(name);
  if (via && !baseField) {
    const back = lookup.findByNameOrId(via[1]);
    if (!back) throw new ResolveError(`failed to load back relation field ${JSON.stringify(name)} collection`);
    const rel = back.schema.find((f) => f.name === via[2]);
    if (!rel) throw new ResolveError(`missing back relation field ${JSON.stringify(via[2])}`);
    if (rel.type !== "relation" || (rel.options as RelationOptions).collectionId !== collection.id) {
      throw new ResolveError(`invalid back relation field ${JSON.stringify(via[2])} collection reference`);
    }
    resolvePath(parts.slice(1), back, lookup, depth + 1);
    return;
  }
  throw new ResolveError(`failed to resolve field ${JSON.stringify(name)}`);
}
