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

/** Only these know HTTP statuses. openapi/ writes the API's description, whose format keys responses by status. */
const KNOWS_HTTP = (file: string) => file.startsWith("http/") || file.startsWith("cli/") || file === "cli.ts" || file.startsWith("openapi/");

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

describe("the layering of server/src", () => {
  it("imports better-sqlite3 only under db/ (the dialect's adapter)", () => {
    const importers = SOURCES.filter((f) => !f.startsWith("db/") && /from\s+["']better-sqlite3["']|import\(\s*["']better-sqlite3["']\s*\)/.test(read(f)));
    expect(importers).toEqual([]);
  });

  it("has no status code, statusCode or ApiError outside http/ and cli/: domain errors carry a kind", () => {
    const leaks = SOURCES.filter((f) => !KNOWS_HTTP(f)).flatMap((f) => httpLeaks(read(f)).map((leak) => `${f}: ${leak}`));
    expect(leaks).toEqual([]);
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
