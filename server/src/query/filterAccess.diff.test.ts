import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, call } from "../../test/support/client.js";
import { referenceDataDir } from "../../test/support/dataDirs.js";
import { startBothServers, stopBothServers, type BothServers } from "../../test/support/bothServers.js";
import { startReference } from "../../test/support/servers.js";
import { createFixture, httpClient, userToken } from "../../test/support/rulesFixture.js";
import { rng, type Rng } from "../../test/support/rng.js";

/**
 * Seeded fuzzing of list requests by guests and a signed-in user, sent to Cairn and to the
 * reference binary: same status, the same 403 message, the same page of records. The rule the
 * reference follows: a non-admin's `filter`/`sort` naming `@request.` or `@collection.`
 * anywhere is a 403 before anything else is looked at (the collection's locked List rule,
 * `fields`, `expand`, the filter's own syntax); brackets around one expression nest without
 * limit.
 */

const both = {} as BothServers;
let userTok = "";

beforeAll(async () => {
  const base = referenceDataDir();
  const ref = await startReference(base);
  const token = await adminToken(ref);
  await createFixture(httpClient(ref.url), token);
  // A collection only admins may list.
  const locked = await httpClient(ref.url)("POST", "/api/collections", { name: "locked", type: "base", schema: [{ name: "title", type: "text" }] }, token);
  expect(locked.status).toBe(200);
  userTok = await userToken(httpClient(ref.url), "ann");
  await ref.stop();
  Object.assign(both, await startBothServers(base));
}, 90_000);

afterAll(() => stopBothServers(both));

const IDENTS = ["id", "title", "views", "meta.a.b", "sel", "sel:each", "tags.name", "author.email", "author.name", "comments_via_post.body", "@now", "unknown",
  "@request", "@collection", "@rowid"];
/** Operands refused to non-admins, even inside a string (few, so that most filters are not refused). */
const ADMIN_ONLY = ["@request.auth.id", "@request.query.x", "@collection.tags.name", "@collection.x.y", "'@request.'", "'@collection.x'"];
const LITERALS = ["''", "'x'", "0", "-1", "1.5", "true", "null"];
const OPS = ["=", "!=", ">", "<=", "~", "!~", "?=", "?!=", "?~"];
const NOISE = ["(", ")", "'", "&&", "||", "=", "!", "?", "~", ".", ":", "@", "#", "a", "0", "@request.", "@collection."];
/** Brackets wrapped around a whole filter: the reference accepts any number. */
const WRAPS = [0, 0, 0, 1, 3, 1001, 2000];
/** Other list parameters, some of which the reference refuses (after the access checks). */
const EXTRAS = ["", "", "&fields=id", "&fields=id:nope(1)", "&fields=*:excerpt(a,b)", "&expand=author", "&sort=-title", "&sort=@request.auth.id",
  "&perPage=abc", "&page=2"];
const COLLECTIONS = ["posts", "posts", "users", "comments", "comments", "locked"];

function genExpr(r: Rng, depth: number): string {
  if (depth > 0 && r.next() < 0.3) {
    const parts = Array.from({ length: 2 + r.int(2) }, () => genExpr(r, depth - 1));
    return "(" + parts.join(r.pick([" && ", " || "])) + ")";
  }
  const operand = () => {
    const roll = r.next();
    return roll < 0.06 ? r.pick(ADMIN_ONLY) : roll < 0.55 ? r.pick(IDENTS) : r.pick(LITERALS);
  };
  return `${operand()} ${r.pick(OPS)} ${operand()}`;
}

function mutate(r: Rng, s: string): string {
  const chars = [...s];
  for (let i = 0, edits = 1 + r.int(3); i < edits; i++) {
    const at = r.int(chars.length + 1);
    if (r.next() < 0.5) chars.splice(at, 1, r.pick(NOISE));
    else chars.splice(at, 0, r.pick(NOISE));
  }
  return chars.join("");
}

function genRequest(r: Rng): { path: string; token?: string } {
  let filter = r.next() < 0.7 ? genExpr(r, 2) : mutate(r, genExpr(r, 2));
  const wrap = r.pick(WRAPS);
  filter = "(".repeat(wrap) + filter + ")".repeat(wrap);
  const path = `/api/collections/${r.pick(COLLECTIONS)}/records?perPage=5&filter=${encodeURIComponent(filter)}${r.pick(EXTRAS)}`;
  return { path, token: r.next() < 0.25 ? userTok : undefined };
}

/** `depth` groups of joins nested inside one another, URL-encoded. */
function alternating(depth: number): string {
  return encodeURIComponent(Array.from({ length: depth }, (_, i) => `(title != 'x' ${i % 2 ? "&&" : "||"} `).join("") + "id != ''" + ")".repeat(depth));
}

/** What must match: the status, a 403's message, a page's totals and record ids. */
function outcome(a: { status: number; body: unknown }): unknown {
  const b = a.body as { message?: string; totalItems?: number; totalPages?: number; items?: { id: string }[] };
  if (a.status === 403) return { status: 403, message: b.message };
  if (a.status !== 200) return { status: a.status };
  return { status: 200, totalItems: b.totalItems, totalPages: b.totalPages, ids: b.items?.map((i) => i.id) };
}

describe("list filters of non-admins, fuzzed against the reference", () => {
  it("answer as the reference does (400 seeded requests)", async () => {
    const r = rng(30_2024);
    const statuses: Record<number, number> = {};
    for (let i = 0; i < 400; i++) {
      const req = genRequest(r);
      const [a, b] = await Promise.all([call(both.ref, req), call(both.cairn, req)]);
      expect(outcome(b), `${req.token ? "user" : "guest"} ${req.path.slice(0, 300)}`).toEqual(outcome(a));
      statuses[a.status] = (statuses[a.status] ?? 0) + 1;
    }
    // The run covers every class: refused (403), malformed (400) and served (200) filters.
    expect(statuses[403]).toBeGreaterThan(40);
    expect(statuses[400]).toBeGreaterThan(40);
    expect(statuses[200]).toBeGreaterThan(40);
  }, 120_000);

  it.each([
    ["a @request filter with a bad fields parameter", "/api/collections/posts/records?filter=@request.auth.id=''&fields=*:excerpt(-1)"],
    ["a @collection sort with a bad fields parameter", "/api/collections/posts/records?sort=@collection.tags.name&fields=*:excerpt(a,b)"],
    ["a @request filter on a collection only admins may list", "/api/collections/locked/records?filter=@request.auth.id=''"],
    ["5,000 brackets around a filter", `/api/collections/posts/records?filter=${encodeURIComponent("(".repeat(5000) + "title != 'x'" + ")".repeat(5000))}`],
    ["5,000 brackets, one short", `/api/collections/posts/records?filter=${encodeURIComponent("(".repeat(5000) + "views > 1" + ")".repeat(4999))}`],
    // Deep groups of joins: both servers build SQL that SQLite refuses past its expression depth.
    ["groups nested 500 deep", `/api/collections/posts/records?filter=${alternating(500)}`],
    ["groups nested 1,200 deep", `/api/collections/posts/records?filter=${alternating(1200)}`],
  ])("%s", async (_name, path) => {
    const [a, b] = await Promise.all([call(both.ref, { path }), call(both.cairn, { path })]);
    expect(outcome(b)).toEqual(outcome(a));
  });
});
