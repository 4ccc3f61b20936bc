import type { Condition, Expr, Operand } from "./ast.js";
import { queryError } from "./errors.js";
import { tokenize, type SignOperator, type Token } from "./lexer.js";

export interface ParseOptions {
  /** Longest accepted filter, in UTF-16 code units. */
  maxLength?: number;
  /**
   * Deepest accepted nesting of `&&`/`||` groups inside one another. Brackets that group a
   * single expression (`((a = 1))`) do not count: any number of them is accepted.
   */
  maxDepth?: number;
  /** Most conditions accepted in one filter. */
  maxConditions?: number;
}

export const PARSE_DEFAULTS: Required<ParseOptions> = {
  maxLength: 256 * 1024,
  maxDepth: 1000,
  maxConditions: 5000,
};

/**
 * Parses a filter into an AST. Empty or comment-only input is an error (callers skip
 * an empty `filter` parameter before calling). Every failure is a QueryError.
 */
export function parseFilter(input: string, options: ParseOptions = {}): Expr {
  const opts = { ...PARSE_DEFAULTS, ...options };
  if (typeof input !== "string") throw queryError("filter must be a string");
  if (input.length > opts.maxLength) throw queryError(`filter longer than ${opts.maxLength} characters`);
  const tokens = tokenize(input);
  if (tokens.length === 0) throw queryError("empty filter expression");
  return new Parser(tokens, opts).parse();
}

/** A bracket group being read: its `||` alternatives so far and the `&&` chain being built. */
interface Group {
  or: Expr[];
  and: Expr[];
  /** Nesting depth of the children read so far (a condition is 0). */
  depth: number;
}

const newGroup = (): Group => ({ or: [], and: [], depth: 0 });

/**
 * An explicit stack of open brackets instead of recursion, so that no nesting (the reference
 * accepts thousands of brackets) can exhaust the call stack.
 */
class Parser {
  private i = 0;
  private conditions = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly opts: Required<ParseOptions>,
  ) {}

  parse(): Expr {
    const stack: Group[] = [newGroup()];
    let top = stack[0];
    for (;;) {
      // An operand: an opening bracket or a condition.
      let t = this.peek();
      if (!t) throw queryError("invalid or incomplete filter expression");
      if (t.type === "lparen") {
        this.i++;
        if (this.peek()?.type === "rparen") throw queryError("empty filter expression in brackets");
        top = newGroup();
        stack.push(top);
        continue;
      }
      top.and.push(this.parseCondition());
      // Then a join, or the closing brackets of the groups it ends.
      for (;;) {
        t = this.peek();
        if (t?.type !== "rparen") break;
        if (stack.length === 1) throw queryError(`unexpected ")" at ${t.pos}`);
        this.i++;
        stack.pop();
        const closed = this.finish(top);
        top = stack[stack.length - 1];
        top.and.push(closed.expr);
        top.depth = Math.max(top.depth, closed.depth);
      }
      if (!t) {
        if (stack.length > 1) throw queryError("invalid formatted group - missing closing bracket");
        return this.finish(top).expr;
      }
      if (t.type !== "join") throw queryError(`expected && or ||, got ${JSON.stringify(t.value.slice(0, 50))} (${t.type}) at ${t.pos}`);
      this.i++;
      if (t.value === "||") {
        top.or.push(flatten("and", top.and));
        top.and = [];
      }
    }
  }

  /** A group's expression and nesting depth; a group around one expression adds no depth. */
  private finish(g: Group): { expr: Expr; depth: number } {
    const expr = flatten("or", [...g.or, flatten("and", g.and)]);
    const joins = g.or.length > 0 || g.and.length > 1;
    const depth = joins ? g.depth + 1 : g.depth;
    if (depth > this.opts.maxDepth) throw queryError(`groups nested deeper than ${this.opts.maxDepth}`);
    return { expr, depth };
  }

  private peek(): Token | undefined {
    return this.tokens[this.i];
  }

  private parseCondition(): Condition {
    if (++this.conditions > this.opts.maxConditions) throw queryError(`more than ${this.opts.maxConditions} conditions`);
    const left = this.parseOperand("left");
    const sign = this.peek();
    if (!sign || sign.type !== "sign") {
      if (!sign) throw queryError("invalid or incomplete filter expression");
      throw queryError(`expected a sign operator, got ${JSON.stringify(sign.value.slice(0, 50))} (${sign.type}) at ${sign.pos}`);
    }
    this.i++;
    const right = this.parseOperand("right");
    return { type: "condition", left, op: sign.value as SignOperator, right };
  }

  private parseOperand(side: "left" | "right"): Operand {
    const t = this.peek();
    if (!t) throw queryError("invalid or incomplete filter expression");
    this.i++;
    switch (t.type) {
      case "text":
        return { kind: "text", value: t.value };
      case "number":
        return { kind: "number", value: Number(t.value), raw: t.value };
      case "identifier": {
        const lower = t.value.toLowerCase();
        if (lower === "true" || lower === "false") return { kind: "bool", value: lower === "true" };
        if (lower === "null") return { kind: "null" };
        return { kind: "identifier", name: t.value };
      }
      default:
        throw queryError(`expected ${side} operand (identifier, text or number), got ${JSON.stringify(t.value)} (${t.type}) at ${t.pos}`);
    }
  }
}

/** Joins children under one operator, merging nested nodes of the same operator. */
function flatten(type: "and" | "or", children: Expr[]): Expr {
  if (children.length === 1) return children[0];
  const out: Expr[] = [];
  for (const c of children) {
    if (c.type === type) out.push(...c.children);
    else out.push(c);
  }
  return { type, children: out };
}
