import { sqliteDialect } from "../db/sqlite/dialect.js";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorStatus } from "../http/errorResponse.js";
import { DomainError } from "../tools/errors.js";
import { compileFilter, jsonValues } from "./filterSql.js";
import { runList } from "./list.js";
import type { SqliteDb } from "../db/sqlite/database.js";
import { cleanupTempDirs } from "../../test/support/dataDirs.js";
import { sqliteDbWith } from "../../test/support/sqliteFile.js";
import { tableResolver } from "./tableResolver.js";
import type { FieldResolver } from "./types.js";
import { rng, type Rng } from "../../test/support/rng.js";

const plain = tableResolver(sqliteDialect, "f", ["id", "title", "n", "data"], { jsonColumns: ["data"], rowid: true });
const TAGS = "`f`.`tags`";
const resolver: FieldResolver = {
  dialect: sqliteDialect,
  resolve(id) {
    if (id === "tags") return { sql: TAGS, multiple: true };
    // the reference's form: one joined row per value
    if (id === "tags:each") {
      return {
        sql: "`f_tags_je`.`value`",
        joins: [`LEFT JOIN json_each(CASE WHEN json_valid(${TAGS}) THEN ${TAGS} ELSE json_array(${TAGS}) END) AS \`f_tags_je\``],
        multiple: true,
        values: jsonValues(sqliteDialect, { sql: TAGS, params: [] }),
      };
    }
    if (id === "@request.auth.id") return { sql: "?", params: ["user1"] };
    return plain.resolve(id);
  },
};

function seed(raw: Database.Database): void {
  raw.exec("CREATE TABLE `f` (`id` TEXT, `title` TEXT, `n` NUMERIC, `data` JSON, `tags` JSON)");
  const ins = raw.prepare("INSERT INTO f VALUES (?, ?, ?, ?, ?)");
  ins.run("1", "a_b", 1, '{"a":{"b":[1,2]},"s":"x%y"}', '["a","b"]');
  ins.run("2", "", null, "bad json", "[]");
  ins.run("3", null, -2.5, null, "plain");
}
/** Compiled filters are prepared synchronously on a plain connection; lists run through the Db. */
let db: Database.Database;
let listDb: SqliteDb;
beforeAll(() => {
  db = new Database(":memory:");
  seed(db);
  listDb = sqliteDbWith(seed);
});
afterAll(async () => {
  db.close();
  await listDb.close();
  cleanupTempDirs();
});

const IDENTS = ["id", "title", "n", "data", "data.a", "data.a.b", "data.a.b.0", "data.s", "data.x:y", "tags", "tags:each", "@rowid",
  "@now", "@second", "@todayEnd", "@yearStart", "unknown", "@request.auth.id", "@collection.x.y", "#h", "_u", "a.b.c"];
const LITERALS = ["''", '""', "'x'", "'a_b'", "'%'", "'\\%'", "'\\\\'", "'it\\'s'", '"q\\"q"', "0", "-1", "1.5", "-.5", "007", "true", "false", "null", "TRUE", "'✓'", "'\u0000'"];
const OPS = ["=", "!=", ">", ">=", "<", "<=", "~", "!~", "?=", "?!=", "?>", "?>=", "?<", "?<=", "?~", "?!~"];
const NOISE = ["(", ")", "'", '"', "\\", "/", "//", "\n", " ", "\t", "&", "|", "&&", "||", "=", "!", "?", "~", "<", ">", "-", ".", ":", "@", "#", "_",
  "a", "z", "0", "9", "é", "😀", "\u0000", ";", "`", "$", "%", "[", "]", "{", "}", ",", "+", "*", "e"];

function genExpr(r: Rng, depth: number): string {
  const roll = r.next();
  if (depth > 0 && roll < 0.3) {
    const n = 2 + r.int(3);
    const parts = Array.from({ length: n }, () => genExpr(r, depth - 1));
    return "(" + parts.join(r.pick([" && ", " || ", "&&", "||\n"])) + ")";
  }
  const operand = () => (r.next() < 0.55 ? r.pick(IDENTS) : r.pick(LITERALS));
  const cond = `${operand()}${r.pick([" ", ""])}${r.pick(OPS)}${r.pick([" ", ""])}${operand()}`;
  return r.next() < 0.1 ? cond + " // c\n" : cond;
}

function mutate(r: Rng, s: string): string {
  const chars = [...s];
  const edits = 1 + r.int(4);
  for (let i = 0; i < edits; i++) {
    const at = r.int(chars.length + 1);
    switch (r.int(4)) {
      case 0: chars.splice(at, 1); break;
      case 1: chars.splice(at, 0, r.pick(NOISE)); break;
      case 2: chars.splice(at, 1, r.pick(NOISE)); break;
      default: chars.length = Math.min(chars.length, at); break;
    }
  }
  return chars.join("");
}

type Outcome = "ok" | "400";

/** Compiles one filter; a success must prepare and run in SQLite, a failure must be a 400 DomainError. */
function check(filter: string): Outcome {
  let compiled;
  try {
    compiled = compileFilter(filter, resolver);
  } catch (err) {
    if (!(err instanceof DomainError) || errorStatus(err) !== 400) {
      throw new Error(`non-400 error for ${JSON.stringify(filter)}: ${String(err)}`);
    }
    return "400";
  }
  expect(compiled.sql.split("?").length - 1, filter).toBe(compiled.params.length);
  const joins = compiled.joins.map((j) => " " + j.sql).join("");
  const stmt = db.prepare(`SELECT DISTINCT f.id FROM f${joins} WHERE ${compiled.sql}`);
  stmt.all(...compiled.joins.flatMap((j) => j.params), ...compiled.params);
  return "ok";
}

describe("fuzz", () => {
  it("grammar-generated filters compile to SQL that SQLite prepares and runs", () => {
    const r = rng(1234);
    const counts = { ok: 0, "400": 0 };
    const deadline = Date.now() + 4000;
    for (let i = 0; i < 3000 && Date.now() < deadline; i++) counts[check(genExpr(r, 3))]++;
    expect(counts.ok).toBeGreaterThan(500);
  });

  it("mutated and random strings parse or give a 400, never anything else", () => {
    const r = rng(98765);
    const counts = { ok: 0, "400": 0 };
    const deadline = Date.now() + 5000;
    for (let i = 0; i < 6000 && Date.now() < deadline; i++) {
      const s =
        i % 3 === 0
          ? Array.from({ length: r.int(40) }, () => r.pick(NOISE)).join("")
          : mutate(r, genExpr(r, 2));
      const started = Date.now();
      counts[check(s)]++;
      expect(Date.now() - started, s).toBeLessThan(1000);
    }
    expect(counts.ok).toBeGreaterThan(100);
    expect(counts["400"]).toBeGreaterThan(100);
  });

  it("random list parameters give a result or a 400", async () => {
    const r = rng(4242);
    const vals = ["", "1", "0", "-1", "2", "500", "501", "abc", "1.5", " ", "true", "t", "yes", "9223372036854775807", "99999999999999999999"];
    const sorts = ["", "id", "-id", "+title", "@random", "-@rowid", "data.a", "-data.s,id", "nope", ",", "id,", " -n ", "--id", "tags"];
    for (let i = 0; i < 1500; i++) {
      const query = {
        page: r.pick(vals), perPage: r.pick(vals), skipTotal: r.pick(vals), sort: r.pick(sorts),
        filter: r.next() < 0.5 ? genExpr(r, 2) : mutate(r, genExpr(r, 1)),
      };
      try {
        const res = await runList(listDb, { table: "f", resolver, query, mapRow: (x) => x.id });
        expect(Object.keys(res)).toEqual(["page", "perPage", "totalItems", "totalPages", "items"]);
        expect(res.items.length).toBeLessThanOrEqual(res.perPage);
      } catch (err) {
        if (!(err instanceof DomainError) || errorStatus(err) !== 400) throw new Error(`non-400 for ${JSON.stringify(query)}: ${String(err)}`);
      }
    }
  });

  it("pathological inputs finish quickly", () => {
    const inputs = [
      "(".repeat(5000),
      ")".repeat(5000),
      "(".repeat(900) + "id = 1" + ")".repeat(900),
      "'".repeat(100_001),
      "\\".repeat(200_000),
      "a".repeat(200_000),
      "/".repeat(10_000),
      "// x\n".repeat(20_000),
      Array(5000).fill("id = 'x'").join(" && "),
      Array(4000).fill("(id = 'x' || title ~ 'y')").join(" && "),
      "id = '" + "\\'".repeat(50_000) + "'",
    ];
    for (const s of inputs) {
      const started = Date.now();
      check(s);
      expect(Date.now() - started).toBeLessThan(2000);
    }
  });
});
