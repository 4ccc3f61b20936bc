import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const SRC = path.dirname(fileURLToPath(import.meta.url));

/** Non-test sources under server/src, "/"-separated and relative. */
const SOURCES = (readdirSync(SRC, { recursive: true }) as string[])
  .map((f) => f.split(path.sep).join("/"))
  .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !f.endsWith(".d.ts"))
  .sort();

/**
 * Only these know HTTP statuses. openapi/ writes the API's description, whose format keys responses by status;
 * hooks/ gives JS hook files PocketBase's API, whose routes and error classes (`ApiError`) speak in statuses.
 */
const KNOWS_HTTP = (file: string) => file.startsWith("http/") || file.startsWith("cli/") || file === "cli.ts" || file.startsWith("openapi/") || file.startsWith("hooks/");

const STATUS = /^[1-5]\d\d$/;
/** Calls whose first argument is a status when it is a three-digit number: error constructors, reply.status/code, result helpers. */
const STATUS_CALL = /(Error|status|code|result)$/i;

/** Code tokens of a file (comments skipped, so prose may still say "404"). */
function tokens(text: string): { kind: ts.SyntaxKind; text: string }[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, text);
  const out: { kind: ts.SyntaxKind; text: string }[] = [];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    // Template literals are scanned as a head only; good enough for this check.
    out.push({ kind, text: kind === ts.SyntaxKind.StringLiteral ? scanner.getTokenValue() : scanner.getTokenText() });
  }
  return out;
}

/** HTTP knowledge in a file's code: status codes, `statusCode`, `ApiError`. */
function httpLeaks(text: string): string[] {
  const t = tokens(text);
  const found: string[] = [];
  t.forEach((tok, i) => {
    const prev = t[i - 1]?.text;
    const before = t[i - 2]?.text;
    if (tok.kind === ts.SyntaxKind.Identifier && (tok.text === "statusCode" || tok.text === "ApiError")) found.push(tok.text);
    if (tok.kind === ts.SyntaxKind.NumericLiteral && STATUS.test(tok.text)) {
      const assigned = /^(status|code)$/i.test(before ?? "") && [":", "=", "===", "!==", "==", "!="].includes(prev ?? "");
      const compared = ["===", "!==", "==", "!="].includes(prev ?? "") && /^(status|statusCode|code)$/i.test(before ?? "");
      const called = prev === "(" && STATUS_CALL.test(before ?? "");
      if (assigned || compared || called) found.push(`${before} ${prev} ${tok.text}`);
    }
    if (tok.kind === ts.SyntaxKind.StringLiteral && STATUS.test(tok.text) && t[i + 1]?.text === ":") found.push(`"${tok.text}":`);
  });
  return found;
}

const read = (file: string) => readFileSync(path.join(SRC, file), "utf8");

/** The text of every string and template literal in a file's code (a template's parts joined with "?"). */
export function stringTexts(text: string): string[] {
  const source = ts.createSourceFile("x.ts", text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) out.push(node.text);
    else if (ts.isTemplateExpression(node)) out.push(node.head.text + node.templateSpans.map((s) => "?" + s.literal.text).join(""));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** Statement text: what only db/ and query/ may write. Upper-case keywords, as all of Cairn's SQL is written. */
const SQL_STATEMENT =
  /\b(SELECT\s[\s\S]*\sFROM\s|INSERT\s+INTO\s|UPDATE\s+\S+\s+SET\s|DELETE\s+FROM\s|CREATE\s+(UNIQUE\s+)?INDEX\s+\S+\s+ON\s|CREATE\s+(TABLE|VIEW)\s+\S+\s*(\(|AS\s)|DROP\s+(TABLE|INDEX|VIEW)\s|ALTER\s+TABLE\s|PRAGMA\s)/;
/** Transaction control: only the adapter in db/ opens and ends transactions. */
const TX_CONTROL = /\b(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)\b/;

/** SQLite's own functions and row-order names: engine-specific SQL that only a dialect writes. */
const SQLITE_ONLY = /\b(json_\w+|strftime|julianday|datetime|unixepoch|_rowid_|rowid|oid|sqlite_\w+|PRAGMA|printf|ifnull|instr|glob)\s*[(.]|\b(_rowid_|ROWID)\b|`/;

const inStorage = (f: string) => f.startsWith("db/") || f.startsWith("query/");

describe("the layering of server/src", () => {
  it("imports better-sqlite3 only under db/ (the dialect's adapter)", () => {
    const importers = SOURCES.filter((f) => !f.startsWith("db/") && /from\s+["']better-sqlite3["']|import\(\s*["']better-sqlite3["']\s*\)/.test(read(f)));
    expect(importers).toEqual([]);
  });

  it("reaches the SQLite adapter (db/connection.ts, db/sqlite/, the read pool) only from db/: others see Db and Tx", () => {
    const adapter = /from\s+["'][./]*(db\/)?(connection|sqlite\/[\w/]+|readPool|readWorker)\.js["']/;
    const importers = SOURCES.filter((f) => !f.startsWith("db/") && adapter.test(read(f)));
    expect(importers).toEqual([]);
  });

  it("has no status code, statusCode or ApiError outside http/ and cli/: domain errors carry a kind", () => {
    const leaks = SOURCES.filter((f) => !KNOWS_HTTP(f)).flatMap((f) => httpLeaks(read(f)).map((leak) => `${f}: ${leak}`));
    expect(leaks).toEqual([]);
  });
});

describe("SQL stays in db/ and query/", () => {
  it("has no SQL statement text outside db/ and query/", () => {
    const leaks = SOURCES.filter((f) => !inStorage(f)).flatMap((f) => stringTexts(read(f)).filter((t) => SQL_STATEMENT.test(t)).map((t) => `${f}: ${t.slice(0, 80)}`));
    expect(leaks).toEqual([]);
  });

  it("has no BEGIN/COMMIT/ROLLBACK outside db/: transactions go through db.transaction()", () => {
    const leaks = SOURCES.filter((f) => !f.startsWith("db/")).flatMap((f) => stringTexts(read(f)).filter((t) => TX_CONTROL.test(t)).map((t) => `${f}: ${t.slice(0, 80)}`));
    expect(leaks).toEqual([]);
  });

  it("has no SQLite-only SQL in the query builders (query/, db/logs.ts): they ask the Dialect of their Db", () => {
    const builders = SOURCES.filter((f) => f.startsWith("query/") || f === "db/logs.ts");
    const leaks = builders.flatMap((f) => stringTexts(read(f)).filter((t) => SQLITE_ONLY.test(t)).map((t) => `${f}: ${t.slice(0, 80)}`));
    expect(builders.length).toBeGreaterThan(10);
    expect(leaks).toEqual([]);
    expect(SQLITE_ONLY.test("LEFT JOIN json_each(?) AS `x`")).toBe(true);
    expect(SQLITE_ONLY.test("SELECT `t`._rowid_ FROM t")).toBe(true);
    expect(SQLITE_ONLY.test("the @rowid of a record")).toBe(false);
  });

  it("finds statements in strings and templates, not in prose or comments", () => {
    const found = (code: string) => stringTexts(code).filter((t) => SQL_STATEMENT.test(t) || TX_CONTROL.test(t));
    expect(found("const a = `SELECT * FROM ${t} WHERE id = ?`;")).toEqual(["SELECT * FROM ? WHERE id = ?"]);
    expect(found(`db.exec("BEGIN IMMEDIATE"); x("DELETE FROM _logs")`)).toEqual(["BEGIN IMMEDIATE", "DELETE FROM _logs"]);
    expect(found("const e = 'Invalid CREATE INDEX expression.';")).toEqual([]);
    expect(found("const s = `CREATE UNIQUE INDEX ${n} ON ${t} (a)`;")).toEqual(["CREATE UNIQUE INDEX ? ON ? (a)"]);
    expect(found(`// SELECT * FROM t\nconst m = "Select the rows from the list"; const n = "begin";`)).toEqual([]);
  });
});

describe("the status scanner", () => {
  it("finds statuses in errors, results and response maps, not in other numbers or in comments", () => {
    expect(httpLeaks(`throw new ApiError(400, "x");`)).toEqual(["ApiError", "ApiError ( 400"]);
    expect(httpLeaks(`return { status: 204, body: null };`)).toEqual(["status : 204"]);
    expect(httpLeaks(`if (err.status === 404) return;`)).toEqual(["status === 404"]);
    expect(httpLeaks(`return result(412, null);`)).toEqual(["result ( 412"]);
    expect(httpLeaks(`const r = { "400": ref };`)).toEqual([`"400":`]);
    expect(httpLeaks(`if (e.statusCode) x();`)).toEqual(["statusCode"]);
    expect(httpLeaks(`export const IMPORT_BATCH = 500; // a 400 here is prose\nconst a = b.slice(0, 200); /* 404 */ f(300);`)).toEqual([]);
  });
});
