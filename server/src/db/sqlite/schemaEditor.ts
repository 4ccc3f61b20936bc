import { transaction, type DB } from "../connection.js";
import type { IndexDef } from "../indexes.js";
import { buildIndex } from "../indexes.js";
import type { CardinalityChange, ColumnKind, Queryable, SchemaEditor, Tx } from "../types.js";
import { randomString } from "../../tools/random.js";

/**
 * SQLite's DDL of record tables, views and indexes, written the way the reference writes it so
 * that the schema text SQLite keeps in sqlite_master is the same whichever server made the change.
 */

const q = (name: string): string => "`" + name.replace(/`/g, "``") + "`";

/** The columns every record table has. */
export const BASE_COLUMNS: Readonly<Record<string, string>> = {
  id: "TEXT PRIMARY KEY DEFAULT ('r'||lower(hex(randomblob(7)))) NOT NULL",
  created: "TEXT DEFAULT (strftime('%Y-%m-%d %H:%M:%fZ')) NOT NULL",
  updated: "TEXT DEFAULT (strftime('%Y-%m-%d %H:%M:%fZ')) NOT NULL",
};

/** The extra columns of an auth collection's table. */
export const AUTH_COLUMNS: Readonly<Record<string, string>> = {
  username: "TEXT NOT NULL",
  email: "TEXT DEFAULT '' NOT NULL",
  emailVisibility: "BOOLEAN DEFAULT FALSE NOT NULL",
  verified: "BOOLEAN DEFAULT FALSE NOT NULL",
  tokenKey: "TEXT NOT NULL",
  passwordHash: "TEXT NOT NULL",
  lastResetSentAt: "TEXT DEFAULT '' NOT NULL",
  lastVerificationSentAt: "TEXT DEFAULT '' NOT NULL",
  lastLoginAlertSentAt: "TEXT DEFAULT '' NOT NULL",
};

/** Column definitions the reference gives record table columns. */
export const COLUMN: Readonly<Record<ColumnKind, string>> = {
  text: "TEXT DEFAULT '' NOT NULL",
  number: "NUMERIC DEFAULT 0 NOT NULL",
  bool: "BOOLEAN DEFAULT FALSE NOT NULL",
  json: "JSON DEFAULT NULL",
  multiple: "JSON DEFAULT '[]' NOT NULL",
};

/** Runs exactly one statement (a second one, e.g. smuggled into a view query or an index WHERE, is refused). */
const run1 = (db: DB, sql: string) => void db.prepare(sql).run();

/** CREATE TABLE with the columns sorted by name (byte order), as the reference builds it. */
export function createTableSql(table: string, columns: Record<string, string>): string {
  const names = Object.keys(columns).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return `CREATE TABLE ${q(table)} (${names.map((n) => `${q(n)} ${columns[n]}`).join(", ")})`;
}

/** The unique indexes an auth collection's table gets when it is created. */
export function authIndexesSql(collectionId: string, table: string): string[] {
  return [
    `CREATE UNIQUE INDEX _${collectionId}_username_idx ON ${q(table)} (${q("username")})`,
    `CREATE UNIQUE INDEX _${collectionId}_email_idx ON ${q(table)} (${q("email")}) WHERE ${q("email")} != ''`,
    `CREATE UNIQUE INDEX _${collectionId}_tokenKey_idx ON ${q(table)} (${q("tokenKey")})`,
  ];
}

const DQS_HINT = "should this be a string literal in single-quotes?";
const DQS_ERROR = /no such column: "(.*)" - should this be a string literal in single-quotes\?/;

/** Whether an SQLite error is this build refusing a double-quoted string literal. */
export const isDqsError = (err: unknown) => err instanceof Error && err.message.includes(DQS_HINT);

/** The literal text a double-quoted-string error is about. */
export const dqsToken = (err: unknown): string | null => (err instanceof Error ? (DQS_ERROR.exec(err.message)?.[1] ?? null) : null);

/** Replaces the double-quoted token `"text"` (outside single-quoted strings) by the string literal 'text'. */
export function singleQuoteLiteral(sql: string, text: string): string {
  const quoted = '"' + text.replace(/"/g, '""') + '"';
  const literal = "'" + text.replace(/'/g, "''") + "'";
  let out = "";
  let i = 0;
  while (i < sql.length) {
    const c = sql[i];
    if (c === "'") {
      const end = sql.indexOf("'", i + 1);
      const stop = end === -1 ? sql.length : end + 1;
      out += sql.slice(i, stop);
      i = stop;
    } else if (sql.startsWith(quoted, i) && sql[i + quoted.length] !== '"') {
      // (a following quote would make it the prefix of a longer token such as "x""y")
      out += literal;
      i += quoted.length;
    } else if (c === '"') {
      // another quoted identifier: copy it whole ("" is an escaped quote)
      let j = i + 1;
      while (j < sql.length && !(sql[j] === '"' && sql[j + 1] !== '"')) j += sql[j] === '"' ? 2 : 1;
      out += sql.slice(i, j + 1);
      i = j + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

const VIEW_SQL_RE = /^\s*CREATE\s+(?:TEMP\s+|TEMPORARY\s+)?VIEW\s+(?:IF\s+NOT\s+EXISTS\s+)?(?:`[^`]*`|"[^"]*"|\[[^\]]*\]|\S+)\s+AS\s+([\s\S]*)$/i;

/**
 * A view body with its double-quoted string literals single-quoted, as the reference's SQLite
 * (which reads a double-quoted name that matches no column as a string) understands it; null
 * when it does not compile even so.
 */
export function dqsFixed(db: DB, body: string): string | null {
  let sql = body;
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      db.prepare(`SELECT * FROM (${sql})`);
      return sql;
    } catch (err) {
      const token = dqsToken(err);
      if (token === null) return null;
      const next = singleQuoteLiteral(sql, token);
      if (next === sql) return null;
      sql = next;
    }
  }
  return null;
}

const views = (db: DB) => db.prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'view'").all() as { name: string; sql: string | null }[];

/** Views that would not compile for the reference after a schema change. */
function brokenViews(db: DB): string[] {
  return views(db)
    .filter((v) => {
      const m = VIEW_SQL_RE.exec(v.sql ?? "");
      return m ? dqsFixed(db, m[1]) === null : false;
    })
    .map((v) => v.name);
}

/**
 * What SQLite does to views on a rename when double-quoted literals are allowed: those
 * literals are rewritten with single quotes. Needs writable_schema.
 */
function fixViewQuotes(db: DB): void {
  for (const v of views(db)) {
    const m = VIEW_SQL_RE.exec(v.sql ?? "");
    if (!m) continue;
    const fixed = dqsFixed(db, m[1]);
    if (fixed === null || fixed === m[1]) continue;
    const sql = v.sql!.slice(0, v.sql!.length - m[1].length) + fixed;
    db.prepare("UPDATE sqlite_schema SET sql = ? WHERE type = 'view' AND name = ?").run(sql, v.name);
  }
}

/**
 * Runs an ALTER TABLE statement. This SQLite build refuses double-quoted string literals,
 * which the reference's SQLite accepts (SQLite itself writes `"column"` into views when it
 * renames a column they use). When the schema check after an ALTER fails because of such a
 * literal, the statement runs again without the check, and the views are checked instead the
 * way the reference's SQLite would read them.
 */
function alter(db: DB, sql: string, fixQuotes = false): void {
  try {
    // In a savepoint, so that a failed attempt leaves SQLite's schema cache consistent.
    transaction(db, () => run1(db, sql));
  } catch (err) {
    if (!isDqsError(err)) throw err;
    transaction(db, () => {
      db.unsafeMode(true);
      db.pragma("writable_schema = ON");
      try {
        run1(db, sql);
        if (fixQuotes) fixViewQuotes(db);
      } finally {
        db.pragma("writable_schema = RESET");
        db.unsafeMode(false);
      }
      const broken = brokenViews(db);
      if (broken.length) throw new Error(`error in view ${broken[0]} after the change`);
    });
  }
}

/**
 * Turns off schema checks while columns are recreated (views and triggers may refer to them).
 * The driver's defensive mode ignores writable_schema, so it is lifted meanwhile.
 */
function writableSchema(db: DB, on: boolean): void {
  if (on) db.unsafeMode(true);
  db.pragma(on ? "writable_schema = ON" : "writable_schema = RESET");
  if (!on) db.unsafeMode(false);
}

/** Copies a single value column into a new multiple (JSON array) column. */
function copySingleToMultiple(db: DB, table: string, to: string, from: string): void {
  const f = q(from);
  run1(
    db,
    `UPDATE ${q(table)} SET ${q(to)} = (CASE WHEN COALESCE(${f}, '') = '' THEN '[]' ELSE ` +
      `(CASE WHEN json_valid(${f}) AND json_type(${f}) == 'array' THEN ${f} ELSE json_array(${f}) END) END)`,
  );
}

/** Copies a multiple (JSON array) column into a new single value column, keeping the last value. */
function copyMultipleToSingle(db: DB, table: string, to: string, from: string): void {
  const f = q(from);
  run1(
    db,
    `UPDATE ${q(table)} SET ${q(to)} = (CASE WHEN COALESCE(${f}, '[]') = '[]' THEN '' ELSE ` +
      `(CASE WHEN json_valid(${f}) AND json_type(${f}) == 'array' THEN COALESCE(json_extract(${f}, '$[#-1]'), '') ELSE ${f} END) END)`,
  );
}

/**
 * SQLite's schema editor. It works on the driver connection of the transaction it is given
 * (`connection(tx)`, passed in by the adapter), synchronously, because some changes need
 * writable_schema around several statements.
 */
export function sqliteSchemaEditor(connection: (q: Queryable) => DB): SchemaEditor {
  const editor: SchemaEditor = {
    columnDefinition: (kind) => COLUMN[kind],
    systemColumns: (auth) => ({ ...BASE_COLUMNS, ...(auth ? AUTH_COLUMNS : {}) }),
    async createTable(tx, table, columns) {
      run1(connection(tx), createTableSql(table, columns));
    },
    async renameTable(tx, from, to) {
      // SQLite's table names ignore case: the table keeps its name.
      if (from.toLowerCase() === to.toLowerCase()) return;
      alter(connection(tx), `ALTER TABLE ${q(from)} RENAME TO ${q(to)}`, true);
    },
    async dropTable(tx, table) {
      run1(connection(tx), `DROP TABLE ${q(table)}`);
    },
    async addColumn(tx, table, column, definition) {
      alter(connection(tx), `ALTER TABLE ${q(table)} ADD ${q(column)} ${definition}`);
    },
    async dropColumn(tx, table, column) {
      alter(connection(tx), `ALTER TABLE ${q(table)} DROP COLUMN ${q(column)}`);
    },
    async renameColumn(tx, table, from, to) {
      alter(connection(tx), `ALTER TABLE ${q(table)} RENAME COLUMN ${q(from)} TO ${q(to)}`, true);
    },
    /** Each column is recreated under a temporary name, filled, and renamed back, as the reference does. */
    async changeCardinality(tx, table, changes: readonly CardinalityChange[]) {
      if (changes.length === 0) return;
      const db = connection(tx);
      writableSchema(db, true);
      try {
        for (const ch of changes) {
          const temp = "_" + ch.column + randomString(5);
          alter(db, `ALTER TABLE ${q(table)} ADD ${q(temp)} ${ch.definition}`);
          if (ch.toMultiple) copySingleToMultiple(db, table, temp, ch.column);
          else copyMultipleToSingle(db, table, temp, ch.column);
          alter(db, `ALTER TABLE ${q(table)} DROP COLUMN ${q(ch.column)}`);
          alter(db, `ALTER TABLE ${q(table)} RENAME COLUMN ${q(temp)} TO ${q(ch.column)}`, true);
        }
      } finally {
        writableSchema(db, false);
      }
    },
    async createAuthIndexes(tx, collectionId, table) {
      const db = connection(tx);
      authIndexesSql(collectionId, table).forEach((s) => run1(db, s));
    },
    /** The index in the reference's normalized text (db/indexes.ts buildIndex). */
    async createIndex(tx, index: IndexDef) {
      run1(connection(tx), buildIndex(index));
    },
    async dropIndex(tx, name) {
      run1(connection(tx), `DROP INDEX IF EXISTS ${q(name)}`);
    },
    async replaceView(tx, name, query) {
      await editor.dropView(tx, name);
      await createResolvingView(tx, name, query);
    },
    async dropView(tx, name) {
      run1(connection(tx), `DROP VIEW IF EXISTS ${q(name)}`);
    },
    isTextType: (type) => type.toUpperCase() === "TEXT",
    viewIdAsText(query, otherColumns) {
      const rest = otherColumns.length ? "," + otherColumns.map(q).join(",") : "";
      return `SELECT cast(${q("id")} as text) ${q("id")}${rest} FROM (${query})`;
    },
  };

  /**
   * Creates a view (wrapped in a secondary SELECT, as the reference does) and checks that it
   * resolves. SQLite here refuses double-quoted string literals, which the reference's SQLite
   * reads as strings when no column has that name: such literals are rewritten as
   * single-quoted ones, one at a time, as SQLite reports them.
   */
  async function createResolvingView(tx: Tx, name: string, query: string): Promise<void> {
    let sql = query;
    for (let attempt = 0; ; attempt++) {
      try {
        await tx.savepoint(async (sp) => {
          run1(connection(sp), `CREATE VIEW ${q(name)} AS SELECT * FROM (${sql})`);
          await sp.db.dialect.tableColumns(sp, name);
        });
        return;
      } catch (err) {
        const token = attempt < 100 ? dqsToken(err) : null;
        const rewritten = token === null ? sql : singleQuoteLiteral(sql, token);
        if (rewritten === sql) throw err;
        sql = rewritten;
      }
    }
  }

  return editor;
}
