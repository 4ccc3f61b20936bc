// The seeded data directory the HTTP benchmarks run on: 500 admins, 20,000 logs, and, created
// through the reference binary's own API (so tables, columns and indexes are exactly what it
// makes), 100 `users` and a `posts` collection filled with 100,000 rows. Copy the directory for
// each server: both then start from the same bytes.
import { execFileSync } from "node:child_process";
import path from "node:path";
import Database from "better-sqlite3";
import { FLAGS, jsonReq, PB } from "./common.mjs";
import { start, stop } from "./servers.mjs";

export const ADMIN = { email: "bench@example.com", password: "1234567890" };
export const USER_COUNT = 100;
export const POST_COUNT = 100_000;
// Ids are 15 characters of [a-z0-9], as the reference generates them.
export const userId = (i) => `benchuser${String(i).padStart(6, "0")}`;
export const postId = (i) => `benchpost${String(i).padStart(6, "0")}`;
export const USER = { id: userId(0), username: "benchuser0", email: "benchuser0@example.com", password: "1234567890" };

/** Creates and fills the data directory `dir` (which must not exist yet); resolves to `dir`. */
export async function seedPosts(dir) {
  execFileSync(PB, ["migrate", "up", "--dir", dir, ...FLAGS], { stdio: "ignore" });
  execFileSync(PB, ["admin", "create", ADMIN.email, ADMIN.password, "--dir", dir, ...FLAGS], { stdio: "ignore" });
  seedAdmins(dir);
  // logs.db and the collections are made by the reference's first serve.
  const boot = await start(PB, ["serve", "--dir", dir, ...FLAGS]);
  try {
    await seedCollections(boot.url);
  } finally {
    await stop(boot.child);
  }
  seedLogs(dir);
  seedRows(dir);
  return dir;
}

function seedAdmins(dir) {
  const db = new Database(path.join(dir, "data.db"));
  const insert = db.prepare("INSERT INTO _admins (id, avatar, email, tokenKey, passwordHash) VALUES (?, ?, ?, ?, 'x')");
  db.transaction(() => {
    for (let i = 0; i < 500; i++) insert.run(`benchadmin${String(i).padStart(5, "0")}`, i % 10, `user${i}@example.com`, `key${i}`);
  })();
  db.close();
}

async function seedCollections(url) {
  const { token } = await jsonReq(url + "/api/admins/auth-with-password", "POST", { identity: ADMIN.email, password: ADMIN.password });
  const users = await jsonReq(url + "/api/collections/users", "GET", undefined, token);
  // One user through the API (for a real bcrypt hash); the rest copy its hash in SQL.
  await jsonReq(url + "/api/collections/users/records", "POST", {
    id: USER.id, username: USER.username, email: USER.email, emailVisibility: true,
    password: USER.password, passwordConfirm: USER.password, name: "Bench User 0",
  }, token);
  await jsonReq(url + "/api/collections", "POST", {
    name: "posts",
    type: "base",
    schema: [
      { name: "title", type: "text", required: true, options: { min: null, max: null, pattern: "" } },
      { name: "views", type: "number", required: false, options: { min: null, max: null, noDecimal: true } },
      { name: "status", type: "select", required: true, options: { maxSelect: 1, values: ["draft", "published", "archived"] } },
      { name: "author", type: "relation", required: false, options: { collectionId: users.id, cascadeDelete: false, minSelect: null, maxSelect: 1, displayFields: null } },
      { name: "tags", type: "json", required: false, options: { maxSize: 2000000 } },
    ],
    indexes: [
      "CREATE INDEX `idx_posts_created` ON `posts` (`created`)",
      "CREATE INDEX `idx_posts_author` ON `posts` (`author`)",
    ],
    listRule: "author = @request.auth.id || status = 'published'",
    viewRule: "author = @request.auth.id || status = 'published'",
    createRule: null,
    updateRule: null,
    deleteRule: null,
  }, token);
}

function seedRows(dir) {
  const db = new Database(path.join(dir, "data.db"));
  const cols = (table) => db.prepare(`PRAGMA table_info(${table})`).all().map((c) => c.name);
  const insertRow = (table, row) => {
    const names = cols(table);
    for (const k of Object.keys(row)) if (!names.includes(k)) throw new Error(`${table} has no column ${k}`);
    const used = names.filter((n) => n in row);
    const stmt = db.prepare(`INSERT INTO "${table}" (${used.map((n) => `"${n}"`).join(", ")}) VALUES (${used.map(() => "?").join(", ")})`);
    return (r) => stmt.run(...used.map((n) => r[n]));
  };
  const ts = (ms) => new Date(ms).toISOString().replace("T", " ");
  const now = Date.parse("2026-11-01T00:00:00Z");
  const first = db.prepare("SELECT * FROM users WHERE id = ?").get(USER.id);
  const insUser = insertRow("users", first);
  const statuses = ["draft", "published", "archived"];
  const words = ["alpha", "beta", "gamma", "delta", "omega", "sigma", "kappa", "zeta"];
  const postRow = (i) => ({
    id: postId(i),
    created: ts(now - (POST_COUNT - i) * 60_000),
    updated: ts(now - (POST_COUNT - i) * 60_000),
    title: `Post ${i} about ${words[i % words.length]}`,
    views: (i * 7919) % 1000,
    status: statuses[(i * 31) % 3],
    author: userId(i % USER_COUNT),
    tags: JSON.stringify([words[i % 8], words[(i >> 3) % 8]]),
  });
  const insPost = insertRow("posts", postRow(0));
  db.transaction(() => {
    for (let i = 1; i < USER_COUNT; i++) {
      const row = { ...first, id: userId(i), username: `benchuser${i}`, email: `benchuser${i}@example.com`, tokenKey: `benchtokenkey${i}`, name: `Bench User ${i}`, created: ts(now - i * 1000), updated: ts(now - i * 1000) };
      insUser(row);
    }
    for (let i = 0; i < POST_COUNT; i++) insPost(postRow(i));
  })();
  db.close();
}

function seedLogs(dir) {
  const db = new Database(path.join(dir, "logs.db"));
  const insert = db.prepare("INSERT INTO _logs (id, level, message, data, created, updated) VALUES (?, ?, ?, ?, ?, ?)");
  const now = Date.now();
  db.transaction(() => {
    for (let i = 0; i < 20000; i++) {
      const created = new Date(now - i * 15_000).toISOString().replace("T", " ");
      const status = i % 7 === 0 ? 404 : 200;
      const data = { auth: i % 3 ? "guest" : "admin", execTime: 1.5, method: "GET", url: `/api/items/${i}`, status, type: "request", remoteIp: "127.0.0.1", userIp: "127.0.0.1", userAgent: "bench", referer: "" };
      insert.run(`benchlog${String(i).padStart(7, "0")}`, status === 200 ? 0 : 8, `GET /api/items/${i}`, JSON.stringify(data), created, created);
    }
  })();
  db.close();
}
