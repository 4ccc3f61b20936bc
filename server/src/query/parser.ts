import type { Condition, Expr, Operand } from "./ast.js";
import { queryError } from "./errors.js";
import { tokenize, type SignOperator, type Token } from "./lexer.js";

export interface ParseOptions {
  /** Longest accepted filter, in UTF-16 code units. */
  maxLength?: number;
  /** Deepest accepted bracket nesting. */
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
 * an empty `filter` parameter before calling). Every failure is a 400 QueryError.
 */
export function parseFilter(input: string, options: ParseOptions = {}): Expr {
  const opts = { ...PARSE_DEFAULTS, ...options };
  if (typeof input !== "string") throw queryError("filter must be a string");
  if (input.length > opts.maxLength) throw queryError(`filter longer than ${opts.maxLength} characters`);
  const tokens = tokenize(input);
  if (tokens.length === 0) throw queryError("empty filter expression");
  return new Parser(tokens, opts).parse();
}

class Parser {
  private i = 0;
  private depth = 0;
  private conditions = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly opts: Required<ParseOptions>,
  ) {}

  parse(): Expr {
    const expr = this.parseOr();
    const t = this.peek();
    if (t) {
      if (t.type === "rparen") throw queryError(`unexpected ")" at ${t.pos}`);
      throw queryError(`expected && or ||, got ${JSON.stringify(t.value.slice(0, 50))} (${t.type}) at ${t.pos}`);
    }
    return expr;
  }

  private peek(): Token | undefined {
    return this.tokens[this.i];
  }

  private parseOr(): Expr {
    const children = [this.parseAnd()];
    while (this.peek()?.type === "join" && this.peek()!.value === "||") {
      this.i++;
      children.push(this.parseAnd());
    }
    return flatten("or", children);
  }

  private parseAnd(): Expr {
    const children = [this.parsePrimary()];
    while (this.peek()?.type === "join" && this.peek()!.value === "&&") {
      this.i++;
      children.push(this.parsePrimary());
    }
    return flatten("and", children);
  }

  private parsePrimary(): Expr {
    const t = this.peek();
    if (!t) throw queryError("invalid or incomplete filter expression");
    if (t.type === "lparen") {
      if (++this.depth > this.opts.maxDepth) throw queryError(`brackets nested deeper than ${this.opts.maxDepth}`);
      this.i++;
      if (this.peek()?.type === "rparen") throw queryError("empty filter expression in brackets");
      const inner = this.parseOr();
      const close = this.peek();
      if (!close) throw queryError("invalid formatted group - missing closing bracket");
      if (close.type !== "rparen") {
        throw queryError(`expected && or ||, got ${JSON.stringify(close.value.slice(0, 50))} (${close.type}) at ${close.pos}`);
      }
      this.i++;
      this.depth--;
      return inner;
    }
    return this.parseCondition();
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
