import type { SignOperator } from "./lexer.js";

/** The parsed form of a filter expression; independent of SQL and of any resolver. */
export type Operand =
  | { kind: "identifier"; name: string }
  | { kind: "text"; value: string }
  | { kind: "number"; value: number; raw: string }
  | { kind: "bool"; value: boolean }
  | { kind: "null" };

export interface Condition {
  type: "condition";
  left: Operand;
  op: SignOperator;
  right: Operand;
}

/** `&&` (and) binds tighter than `||` (or), as in SQL; a chain is kept flat. */
export interface Logical {
  type: "and" | "or";
  children: Expr[];
}

export type Expr = Condition | Logical;

export type { SignOperator };
