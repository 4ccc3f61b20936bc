import type { IndexColumn, IndexDef } from "../indexes.js";
import type { CardinalityChange, ColumnKind, SchemaEditor, Tx } from "../types.js";

/**
 * PostgreSQL's DDL of record tables, views and indexes. Columns hold what SQLite's hold (JSON
 * and multi-value fields as the same JSON text); every record table has a hidden `_rowid`
 * (BIGSERIAL) where SQLite has its rowid, for insertion order. DDL is transactional here, so
 * each change simply runs in the caller's transaction. Indexes are written in SQLite's syntax
 * (PocketBase's) and translated; what has no translation is refused with the reason.
 */

const q = (name: string): string => '"' + name.replace(/"/g, '""') + '"';
const literal = (s: string) => "'" + s.replace(/'/g, "''") + "'";

/** The hidden insertion-order column (the dialect's ROWID_COLUMN). */
export const ROWID = "_rowid";

/** The reference's time format, `2006-01-02 15:04:05.000Z`, in UTC. */
const NOW = `to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS"Z"')`;

// Text columns compare and sort bytewise, as SQLite's BINARY: the list queries' ORDER BY ...
// COLLATE "C" then matches the columns' indexes (whatever the database's default collation).
export const PG_BASE_COLUMNS: Readonly<Record<string, string>> = {
  // 'r' and 14 hex digits, as SQLite's default ('r'||lower(hex(randomblob(7)))).
  id: `TEXT COLLATE "C" PRIMARY KEY DEFAULT ('r' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 14)) NOT NULL`,
  created: `TEXT COLLATE "C" DEFAULT (${NOW}) NOT NULL`,
  updated: `TEXT COLLATE "C" DEFAULT (${NOW}) NOT NULL`,
};

/** An auth collection's own columns: the same definitions as on SQLite read the same here. */
export const PG_AUTH_COLUMNS: Readonly<Record<string, string>> = {
  username: `TEXT COLLATE "C" NOT NULL`,
  email: `TEXT COLLATE "C" DEFAULT '' NOT NULL`,
  emailVisibility: "BOOLEAN DEFAULT FALSE NOT NULL",
  verified: "BOOLEAN DEFAULT FALSE NOT NULL",
  tokenKey: `TEXT COLLATE "C" NOT NULL`,
  passwordHash: `TEXT COLLATE "C" NOT NULL`,
  lastResetSentAt: `TEXT COLLATE "C" DEFAULT '' NOT NULL`,
  lastVerificationSentAt: `TEXT COLLATE "C" DEFAULT '' NOT NULL`,
  lastLoginAlertSentAt: `TEXT COLLATE "C" DEFAULT '' NOT NULL`,
};

export const PG_COLUMN: Readonly<Record<ColumnKind, string>> = {
  text: `TEXT COLLATE "C" DEFAULT '' NOT NULL`,
  number: "DOUBLE PRECISION DEFAULT 0 NOT NULL",
  bool: "BOOLEAN DEFAULT FALSE NOT NULL",
  json: `TEXT COLLATE "C" DEFAULT NULL`,
  multiple: `TEXT COLLATE "C" DEFAULT '[]' NOT NULL`,
};

/** Thrown for index text this engine cannot take; its message is the field error's reason. */
export class IndexTranslationError extends Error {}

/**
 * SQLite's NOCASE as a case-insensitive ICU collation (made on first use). A column key keeps
 * its name under it, so a unique violation still names the column, as SQLite's does. It folds
 * the case of every letter (and ignores width), where SQLite's folds ASCII letters only.
 */
const NOCASE = "nocase";
const NOCASE_DDL = `CREATE COLLATION IF NOT EXISTS ${q(NOCASE)} (provider = icu, locale = 'und-u-ks-level2', deterministic = false)`;

/** The collations SQLite knows, as PostgreSQL's; RTRIM has no counterpart. */
function collation(name: string): string {
  switch (name.toLowerCase()) {
    case "nocase":
      return q(NOCASE);
    case "binary":
      return q("C");
    default:
      throw new IndexTranslationError(`no such collation sequence: ${name}`);
  }
}

interface Scope {
  table: string;
  /** The table's columns by lower-case name (SQLite's identifiers ignore case; quoted ones here do not). */
  columns: Map<string, string>;
}

/** A name as SQLite resolves it in an index of the table: the column or table it means, quoted. */
function identifier(scope: Scope, name: string): string | null {
  const column = scope.columns.get(name.toLowerCase());
  if (column !== undefined) return q(column);
  if (name.toLowerCase() === scope.table.toLowerCase()) return q(scope.table);
  return null;
}

const WORD = /[A-Za-z_][A-Za-z0-9_$]*/y;

/**
 * An SQLite expression of an index (a key expression or the WHERE clause) as PostgreSQL reads
 * it: identifiers in any of SQLite's quotes (or none, any case) become the column they name,
 * double-quoted; a double-quoted token that names no column is a string, as SQLite reads it;
 * `==` is `=`; LIKE ignores case (ILIKE); COLLATE takes PostgreSQL's collation. Function names
 * and the rest pass as they are (PostgreSQL refuses what it does not know). Parameters and second
 * statements are refused.
 */
export function translateExpression(scope: Scope, expr: string): string {
  let out = "";
  let i = 0;
  const n = expr.length;
  const closing = (open: string) => (open === "[" ? "]" : open);
  while (i < n) {
    const ch = expr[i];
    if (ch === "'") {
      let j = i + 1;
      while (j < n && !(expr[j] === "'" && expr[j + 1] !== "'")) j += expr[j] === "'" ? 2 : 1;
      if (j >= n) throw new IndexTranslationError("unrecognized token: " + expr.slice(i));
      out += expr.slice(i, j + 1);
      i = j + 1;
    } else if (ch === '"' || ch === "`" || ch === "[") {
      const close = closing(ch);
      let j = i + 1;
      let name = "";
      for (;;) {
        if (j >= n) throw new IndexTranslationError("unrecognized token: " + expr.slice(i));
        if (expr[j] === close) {
          if (close !== "]" && expr[j + 1] === close) {
            name += close;
            j += 2;
            continue;
          }
          break;
        }
        name += expr[j++];
      }
      const resolved = identifier(scope, name);
      // SQLite's DQS: a double-quoted name that is no column is a string literal.
      out += resolved ?? (ch === '"' ? literal(name) : q(name));
      i = j + 1;
    } else if (ch === ";" || ch === "?") {
      throw new IndexTranslationError(`near "${ch}": syntax error`);
    } else if (ch === "=" && expr[i + 1] === "=") {
      out += "=";
      i += 2;
    } else if (/[A-Za-z_]/.test(ch)) {
      WORD.lastIndex = i;
      const word = WORD.exec(expr)![0];
      let j = i + word.length;
      while (j < n && /\s/.test(expr[j])) j++;
      if (word.toLowerCase() === "collate") {
        WORD.lastIndex = j;
        const name = WORD.exec(expr)?.[0];
        if (!name) throw new IndexTranslationError(`near "COLLATE": syntax error`);
        out += "COLLATE " + collation(name);
        i = j + name.length;
        continue;
      }
      // SQLite's LIKE ignores (ASCII) case.
      if (word.toLowerCase() === "like") {
        out += "ILIKE";
        i += word.length;
        continue;
      }
      // A word before "(" names a function; otherwise a column (or the table) when it is one.
      out += expr[j] === "(" ? word : (identifier(scope, word) ?? word);
      i += word.length;
    } else {
      out += ch;
      i++;
    }
  }
  return out;
}

/** One key of the index: a column (any case, quoted) or a parenthesized expression, with its collation and order. */
function indexKey(scope: Scope, c: IndexColumn): string {
  const name = c.name.trim();
  const isExpression = name.includes("(") || name.includes(" ");
  let key = isExpression ? `(${translateExpression(scope, name)})` : (identifier(scope, name) ?? q(name));
  if (c.collate !== "") key += " COLLATE " + collation(c.collate);
  // SQLite's NULL sorts first: with the matching NULLS clause an index serves the list
  // queries' ORDER BY (ASC NULLS FIRST, DESC NULLS LAST) in either scan direction.
  key += c.sort.toUpperCase() === "DESC" ? " DESC NULLS LAST" : " NULLS FIRST";
  return key;
}

/** The CREATE INDEX statement for PostgreSQL of an index written for SQLite. */
export function createIndexSql(idx: IndexDef, tableColumns: readonly string[]): string {
  if (idx.schemaName !== "" && idx.schemaName.toLowerCase() !== "main") throw new IndexTranslationError(`unknown database ${idx.schemaName}`);
  const scope: Scope = { table: idx.tableName, columns: new Map(tableColumns.map((c) => [c.toLowerCase(), c])) };
  let s = "CREATE ";
  if (idx.unique) s += "UNIQUE ";
  s += "INDEX ";
  if (idx.optional) s += "IF NOT EXISTS ";
  s += `${q(idx.indexName)} ON ${q(idx.tableName)} (${idx.columns.map((c) => indexKey(scope, c)).join(", ")})`;
  if (idx.where !== "") s += " WHERE " + translateExpression(scope, idx.where);
  return s;
}

/** SQLite's reading of a single value as a JSON array (the copy the reference makes on a switch to many). */
export function singleToMultiple(v: string | null): string {
  if (v === null || v === "") return "[]";
  const parsed = parseJson(v);
  if (Array.isArray(parsed)) return v;
  return JSON.stringify([v]);
}

/** SQLite's reading of a JSON array as one value: its last element as text ('' when none). */
export function multipleToSingle(v: string | null): string {
  if (v === null || v === "[]") return "";
  const parsed = parseJson(v);
  if (!Array.isArray(parsed)) return v;
  const last: unknown = parsed[parsed.length - 1];
  if (last === undefined || last === null) return "";
  if (typeof last === "string") return last;
  // json_extract gives SQLite values: true/false are 1/0, objects and arrays their JSON text.
  if (typeof last === "boolean") return last ? "1" : "0";
  if (typeof last === "number") return String(last);
  return JSON.stringify(last);
}

const NOT_JSON = Symbol("not json");
function parseJson(v: string): unknown {
  try {
    return JSON.parse(v);
  } catch {
    return NOT_JSON;
  }
}

/** The views reading a view, directly or through others, innermost first, with their definitions. */
const DEPENDENT_VIEWS_SQL = `WITH RECURSIVE deps(oid, depth) AS (
  SELECT r.ev_class, 1 FROM pg_depend d JOIN pg_rewrite r ON r.oid = d.objid
    WHERE d.classid = 'pg_rewrite'::regclass AND d.refobjid = to_regclass(quote_ident(?)) AND r.ev_class <> d.refobjid
  UNION
  SELECT r.ev_class, deps.depth + 1 FROM deps JOIN pg_depend d ON d.refobjid = deps.oid JOIN pg_rewrite r ON r.oid = d.objid
    WHERE d.classid = 'pg_rewrite'::regclass AND r.ev_class <> d.refobjid
)
SELECT c.relname AS name, pg_get_viewdef(c.oid) AS def FROM deps JOIN pg_class c ON c.oid = deps.oid
GROUP BY c.oid, c.relname ORDER BY max(deps.depth), c.relname`;

/** Rows converted per UPDATE. */
const BATCH = 1000;

/**
 * SQLite keeps names starting with `sqlite_` (any case) for itself and refuses tables and views
 * so named; the same refusal here keeps collection names portable between the engines (and the
 * answers the reference gives).
 */
function refuseReserved(name: string): void {
  if (name.toLowerCase().startsWith("sqlite_")) throw new Error(`object name reserved for internal use: ${name}`);
}

/**
 * SQLite's column names compare case-insensitively (`Id` is `id` there), so a second column so
 * named is refused as SQLite refuses it; quoted names here would otherwise allow both.
 */
function refuseDuplicateColumn(existing: readonly string[], name: string): void {
  if (existing.some((c) => c.toLowerCase() === name.toLowerCase())) throw new Error(`duplicate column name: ${name}`);
}

/**
 * Index names share one namespace with tables and views and compare case-insensitively on
 * SQLite, which refuses a taken one in its own words (and its transaction goes on, as the
 * savepoint keeps this one going).
 */
async function refuseTakenIndexName(tx: Tx, name: string): Promise<void> {
  const taken = await tx.get<{ kind: string }>(
    "SELECT relkind::text AS kind FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind IN ('r', 'v', 'm', 'p', 'i') AND lower(relname) = lower(?) LIMIT 1",
    [name],
  );
  if (taken) throw new Error(`SQL logic error: ${taken.kind === "i" ? `index ${name} already exists` : `there is already a table named ${name}`} (1)`);
}

export const postgresSchemaEditor: SchemaEditor = {
  columnDefinition: (kind) => PG_COLUMN[kind],
  systemColumns: (auth) => ({ ...PG_BASE_COLUMNS, ...(auth ? PG_AUTH_COLUMNS : {}) }),

  /** Columns sorted by name as on SQLite, then the hidden row-order column. */
  async createTable(tx, table, columns) {
    refuseReserved(table);
    const names = Object.keys(columns).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    names.forEach((n, i) => refuseDuplicateColumn(names.slice(0, i), n));
    const defs = names.map((n) => `${q(n)} ${columns[n]}`);
    // UNIQUE gives the index that paging in insertion order reads.
    defs.push(`${q(ROWID)} BIGSERIAL UNIQUE NOT NULL`);
    await tx.run(`CREATE TABLE ${q(table)} (${defs.join(", ")})`);
  },
  /** Names keep their case here (quoted identifiers), so a change of case is a rename too. */
  async renameTable(tx, from, to) {
    if (from === to) return;
    refuseReserved(to);
    await tx.run(`ALTER TABLE ${q(from)} RENAME TO ${q(to)}`);
  },
  /**
   * SQLite drops a table or view that views read and leaves those views broken, and the
   * collections service then refuses the change when a view collection no longer resolves (or
   * drops that view too, as an import does). CASCADE gives the same outcome here: the
   * dependent views go, and their collections' check fails just the same.
   */
  async dropTable(tx, table) {
    await tx.run(`DROP TABLE ${q(table)} CASCADE`);
  },
  async addColumn(tx, table, column, definition) {
    refuseDuplicateColumn((await tx.db.dialect.tableColumns(tx, table)).map((c) => c.name), column);
    await tx.run(`ALTER TABLE ${q(table)} ADD COLUMN ${q(column)} ${definition}`);
  },
  async dropColumn(tx, table, column) {
    await tx.run(`ALTER TABLE ${q(table)} DROP COLUMN ${q(column)}`);
  },
  async renameColumn(tx, table, from, to) {
    if (from.toLowerCase() !== to.toLowerCase()) refuseDuplicateColumn((await tx.db.dialect.tableColumns(tx, table)).map((c) => c.name), to);
    await tx.run(`ALTER TABLE ${q(table)} RENAME COLUMN ${q(from)} TO ${q(to)}`);
  },

  /**
   * One value and many are both TEXT here: the rows are converted in place (views over the
   * column stay valid, as SQLite's writable_schema keeps them) and the default follows.
   */
  async changeCardinality(tx, table, changes: readonly CardinalityChange[]) {
    for (const ch of changes) {
      const convert = ch.toMultiple ? singleToMultiple : multipleToSingle;
      const rows = await tx.all<{ r: number; v: string | null }>(`SELECT ${q(ROWID)} AS r, ${q(ch.column)} AS v FROM ${q(table)}`);
      const changed = rows.map((row) => ({ r: row.r, v: convert(row.v) })).filter((row, i) => row.v !== rows[i].v);
      for (let i = 0; i < changed.length; i += BATCH) {
        const batch = changed.slice(i, i + BATCH);
        await tx.run(
          `UPDATE ${q(table)} SET ${q(ch.column)} = v.x FROM unnest(?::bigint[], ?::text[]) AS v(r, x) WHERE ${q(table)}.${q(ROWID)} = v.r`,
          [batch.map((b) => b.r), batch.map((b) => b.v)],
        );
      }
      await tx.run(`ALTER TABLE ${q(table)} ALTER COLUMN ${q(ch.column)} SET DEFAULT ${ch.toMultiple ? "'[]'" : "''"}`);
    }
  },

  async createAuthIndexes(tx, collectionId, table) {
    await tx.run(`CREATE UNIQUE INDEX ${q(`_${collectionId}_username_idx`)} ON ${q(table)} (${q("username")})`);
    await tx.run(`CREATE UNIQUE INDEX ${q(`_${collectionId}_email_idx`)} ON ${q(table)} (${q("email")}) WHERE ${q("email")} != ''`);
    await tx.run(`CREATE UNIQUE INDEX ${q(`_${collectionId}_tokenKey_idx`)} ON ${q(table)} (${q("tokenKey")})`);
  },
  async createIndex(tx, idx) {
    const columns = (await tx.db.dialect.tableColumns(tx, idx.tableName)).map((c) => c.name);
    const sql = createIndexSql(idx, columns);
    if (sql.includes(`COLLATE ${q(NOCASE)}`)) await tx.run(NOCASE_DDL);
    await refuseTakenIndexName(tx, idx.indexName);
    // A failed statement would abort the whole transaction here; SQLite's goes on to the next index.
    await tx.savepoint((sp) => sp.run(sql));
  },
  /** Only an index of that name (SQLite's DROP INDEX IF EXISTS passes over a table so named; PostgreSQL's fails). */
  async dropIndex(tx, name) {
    const found = await tx.get("SELECT 1 AS x FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind = 'i' AND relname = ?", [name]);
    if (found) await tx.run(`DROP INDEX ${q(name)}`);
  },

  /**
   * CREATE OR REPLACE keeps the views built on this one. When its columns changed in a way
   * PostgreSQL cannot replace, it is dropped with the views over it and made again, and then
   * those views from their definitions, as SQLite (which names, not binds, what a view reads)
   * keeps them; one that no longer resolves stays gone, as it stays broken on SQLite.
   */
  async replaceView(tx, name, query) {
    refuseReserved(name);
    const sql = (verb: string) => `${verb} VIEW ${q(name)} AS SELECT * FROM (${query}) AS ${q("_view")}`;
    try {
      await tx.savepoint((sp) => sp.run(sql("CREATE OR REPLACE")));
    } catch (err) {
      // 42P16: columns dropped or renamed; 42804: a column's type changed.
      const code = (err as { code?: string }).code;
      if (code !== "42P16" && code !== "42804") throw err;
      await tx.savepoint(async (sp) => {
        const dependents = await sp.all<{ name: string; def: string }>(DEPENDENT_VIEWS_SQL, [name]);
        await sp.run(`DROP VIEW IF EXISTS ${q(name)} CASCADE`);
        await sp.run(sql("CREATE"));
        for (const v of dependents) {
          const body = v.def.trim().replace(/;$/, "");
          await sp.savepoint((inner) => inner.run(`CREATE VIEW ${q(v.name)} AS ${body}`)).catch(() => undefined);
        }
      });
    }
  },
  /** CASCADE: see dropTable. */
  async dropView(tx, name) {
    await tx.run(`DROP VIEW IF EXISTS ${q(name)} CASCADE`);
  },
  isTextType: (type) => /^(text|character varying|varchar|character|char|name)\b/i.test(type.trim()),
  viewIdAsText(query, otherColumns) {
    const rest = otherColumns.length ? "," + otherColumns.map(q).join(",") : "";
    return `SELECT cast(${q("id")} as text) ${q("id")}${rest} FROM (${query}) AS ${q("_view")}`;
  },
};
