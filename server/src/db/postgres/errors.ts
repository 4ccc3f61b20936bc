import pg from "pg";

/** SQLSTATE codes the adapter tells apart. */
export const SQLSTATE = {
  uniqueViolation: "23505",
  notNullViolation: "23502",
  foreignKeyViolation: "23503",
  checkViolation: "23514",
  undefinedColumn: "42703",
  undefinedTable: "42P01",
  syntaxError: "42601",
  serializationFailure: "40001",
  deadlockDetected: "40P01",
  /** A prepared statement whose result columns changed under it (DDL since it was prepared). */
  featureNotSupported: "0A000",
} as const;

export const isPgError = (err: unknown): err is pg.DatabaseError => err instanceof pg.DatabaseError;

/**
 * Splits a unique violation's detail, `Key (a, "b c")=(1, x) already exists.`, into its key
 * columns; an expression (`lower(email)`) gives the column it reads. Empty when there is no detail.
 */
export function keyColumns(detail: string | undefined): string[] {
  const m = /^Key \((.*)\)=\(/s.exec(detail ?? "");
  if (!m) return [];
  const keys = splitTopLevel(m[1]);
  return keys.map(columnOf).filter((c) => c !== "");
}

function splitTopLevel(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let buf = "";
  for (const ch of s) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === "(") depth++;
    else if (!quoted && ch === ")") depth--;
    else if (!quoted && depth === 0 && ch === ",") {
      out.push(buf.trim());
      buf = "";
      continue;
    }
    buf += ch;
  }
  out.push(buf.trim());
  return out;
}

/** The column an index key names: itself, unquoted, or the last identifier an expression reads. */
function columnOf(key: string): string {
  if (/^"(?:[^"]|"")*"$/.test(key)) return key.slice(1, -1).replace(/""/g, '"');
  if (/^[A-Za-z_][A-Za-z0-9_$]*$/.test(key)) return key;
  const idents = [...key.matchAll(/"((?:[^"]|"")*)"|([A-Za-z_][A-Za-z0-9_$]*)(?!\s*\()(?!::)/g)]
    // Casts (`::text`) name types, not columns.
    .filter((m) => key.slice(0, m.index).trimEnd().slice(-2) !== "::")
    .map((m) => (m[1] !== undefined ? m[1].replace(/""/g, '"') : m[2]));
  return idents.pop() ?? "";
}

/**
 * A PostgreSQL error worded as the reference words SQLite's (what the API shows for a view
 * query, an index or a column change it refused): `SQL logic error: no such column: x (1)`.
 * The common refusals take SQLite's phrases; the rest keep PostgreSQL's message.
 */
export function pgErrorText(err: unknown): string {
  if (!isPgError(err)) return err instanceof Error ? err.message : String(err);
  const msg = err.message;
  switch (err.code) {
    case SQLSTATE.uniqueViolation: {
      if (err.constraint?.endsWith("_pkey")) return `constraint failed: UNIQUE constraint failed: ${qualified(err, keyColumns(err.detail))} (1555)`;
      return `constraint failed: UNIQUE constraint failed: ${qualified(err, keyColumns(err.detail))} (2067)`;
    }
    case SQLSTATE.notNullViolation:
      return `constraint failed: NOT NULL constraint failed: ${qualified(err, err.column ? [err.column] : [])} (1299)`;
    case SQLSTATE.foreignKeyViolation:
      return "constraint failed: FOREIGN KEY constraint failed (787)";
    case SQLSTATE.checkViolation:
      return `constraint failed: CHECK constraint failed: ${err.constraint ?? ""} (275)`;
    case SQLSTATE.undefinedColumn: {
      const col = /^column (?:[^\s."]+\.)?"?([^"]*)"?(?: of relation ".*")? does not exist$/.exec(msg)?.[1];
      return `SQL logic error: ${col !== undefined ? `no such column: ${col}` : msg} (1)`;
    }
    case SQLSTATE.undefinedTable: {
      const table = /^relation "(.*)" does not exist$/.exec(msg)?.[1];
      return `SQL logic error: ${table !== undefined ? `no such table: ${table}` : msg} (1)`;
    }
    case SQLSTATE.syntaxError: {
      const near = /^syntax error at or near (".*")$/.exec(msg)?.[1];
      if (near) return `SQL logic error: near ${near}: syntax error (1)`;
      if (/^syntax error at end of input$/.test(msg)) return "SQL logic error: incomplete input (1)";
      return `SQL logic error: ${msg} (1)`;
    }
    default:
      return `SQL logic error: ${msg} (1)`;
  }
}

const qualified = (err: pg.DatabaseError, cols: string[]) => cols.map((c) => (err.table ? `${err.table}.${c}` : c)).join(", ");
