import type { DB } from "./connection.js";
import { dqsFixed, isDqsError } from "./sqlite/schemaEditor.js";
import { quoteIdent } from "./quote.js";

/** `CREATE VIEW name AS <body>`: the body is what gets rewritten, the head is kept verbatim. */
const VIEW_HEAD_RE = /^\s*CREATE\s+(?:TEMP\s+|TEMPORARY\s+)?VIEW\s+(?:IF\s+NOT\s+EXISTS\s+)?(?:`[^`]*`|"(?:[^"]|"")*"|\[[^\]]*\]|\S+)\s+AS\s+/i;

interface ViewRow {
  name: string;
  sql: string | null;
}

/** Why a view does not compile, or null when it does. */
function compileError(db: DB, name: string): unknown {
  try {
    db.prepare(`SELECT * FROM ${quoteIdent(name)} LIMIT 0`);
    return null;
  } catch (err) {
    return err;
  }
}

/**
 * Rewrites the views of a data directory that only compile with double-quoted string literals.
 *
 * PocketBase's SQLite reads a double-quoted token that names no column in scope as a string
 * (SQLite's DQS fallback); the prebuilt better-sqlite3 turns that fallback off, so a view like
 * `... WHERE status = "published"` fails to compile here. Each such token is turned into the
 * string literal it already meant ('published'), driven by SQLite's own report of which token
 * did not resolve, so identifiers of the view's tables and columns are never touched. The
 * rewritten view means the same to the reference, which keeps opening the directory.
 * Views broken for any other reason are left as they are. Returns the names of rewritten views.
 */
export function repairViewQuotes(db: DB): string[] {
  const repaired: string[] = [];
  // A view over a broken view only compiles once the inner one is fixed: repeat while progressing.
  for (let progress = true; progress; ) {
    progress = false;
    const views = db.prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'view'").all() as ViewRow[];
    for (const view of views) {
      if (repaired.includes(view.name) || !view.sql || !isDqsError(compileError(db, view.name))) continue;
      const head = VIEW_HEAD_RE.exec(view.sql)?.[0];
      if (!head) continue;
      const body = dqsFixed(db, view.sql.slice(head.length));
      if (body === null) continue;
      db.transaction(() => {
        db.prepare(`DROP VIEW ${quoteIdent(view.name)}`).run();
        db.prepare(head + body).run();
      }).immediate();
      repaired.push(view.name);
      progress = true;
    }
  }
  return repaired;
}
