// Seeds the data directory of the dashboard timing benchmark (bench/dashboardTiming.mjs):
// collections are created through the reference binary's own API (so tables, columns and
// indexes are exactly what it makes), the rows go in afterwards with better-sqlite3, and file
// fields point at real files written into the directory's storage.
//   authors   20 records (text, presentable)
//   articles  1,000 records: text, editor, json, relation to authors, file (a PNG), select, number, date
//   events    10,000 records: text, editor, json, relation to authors, file (a text file), select, number
// The default `users` collection is deleted, so both dashboards land on `articles` after sign-in
// (auth collections sort first, then base ones by name).
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { FLAGS, jsonReq, PB } from "./common.mjs";
import { start, stop } from "./servers.mjs";

export const ADMIN = { email: "bench@example.com", password: "1234567890" };
export const AUTHOR_COUNT = 20;
export const ARTICLE_COUNT = 1_000;
export const EVENT_COUNT = 10_000;

// Ids are 15 characters of [a-z0-9], as the reference generates them.
const pad = (prefix, i) => prefix + String(i).padStart(15 - prefix.length, "0");
export const authorId = (i) => pad("author", i);
export const articleId = (i) => pad("article", i);
export const eventId = (i) => pad("event", i);
export const articleTitle = (i) => `Article ${i} on ${WORDS[i % WORDS.length]} and ${WORDS[(i * 7) % WORDS.length]}`;
export const eventTitle = (i) => `Event ${i}: ${WORDS[i % WORDS.length]} ${WORDS[(i >> 3) % WORDS.length]}`;

const WORDS = ["alpha", "beta", "gamma", "delta", "omega", "sigma", "kappa", "zeta", "theta", "lambda"];
// a valid 1x1 PNG
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

const file = (name, maxSelect = 1, mimeTypes = []) => ({ name, type: "file", options: { maxSelect, maxSize: 5242880, mimeTypes, thumbs: [], protected: false } });
const relation = (name, collectionId) => ({ name, type: "relation", options: { collectionId, cascadeDelete: false, minSelect: null, maxSelect: 1, displayFields: null } });

async function createCollections(url) {
  const { token } = await jsonReq(url + "/api/admins/auth-with-password", "POST", { identity: ADMIN.email, password: ADMIN.password });
  await jsonReq(url + "/api/collections/users", "DELETE", undefined, token);
  const authors = await jsonReq(url + "/api/collections", "POST", {
    name: "authors",
    type: "base",
    schema: [{ name: "name", type: "text", presentable: true, options: {} }],
  }, token);
  const articles = await jsonReq(url + "/api/collections", "POST", {
    name: "articles",
    type: "base",
    schema: [
      { name: "title", type: "text", required: true, options: {} },
      { name: "body", type: "editor", options: { convertUrls: false } },
      { name: "meta", type: "json", options: { maxSize: 2000000 } },
      relation("author", authors.id),
      file("cover", 1, ["image/png"]),
      { name: "status", type: "select", options: { maxSelect: 1, values: ["draft", "published", "archived"] } },
      { name: "views", type: "number", options: { noDecimal: true } },
      { name: "published", type: "date", options: {} },
    ],
    indexes: ["CREATE INDEX `idx_articles_created` ON `articles` (`created`)"],
  }, token);
  const events = await jsonReq(url + "/api/collections", "POST", {
    name: "events",
    type: "base",
    schema: [
      { name: "title", type: "text", required: true, options: {} },
      { name: "details", type: "editor", options: { convertUrls: false } },
      { name: "payload", type: "json", options: { maxSize: 2000000 } },
      relation("author", authors.id),
      file("attachment"),
      { name: "level", type: "select", options: { maxSelect: 1, values: ["info", "warn", "error"] } },
      { name: "count", type: "number", options: {} },
    ],
    indexes: ["CREATE INDEX `idx_events_created` ON `events` (`created`)"],
  }, token);
  return { authors: authors.id, articles: articles.id, events: events.id };
}

const paragraph = (i) =>
  `<p>Paragraph ${i} about <strong>${WORDS[i % WORDS.length]}</strong> and <em>${WORDS[(i + 3) % WORDS.length]}</em>: ` +
  `${Array.from({ length: 24 }, (_, k) => WORDS[(i + k) % WORDS.length]).join(" ")}.</p>`;

function insertRows(dir, ids) {
  const db = new Database(path.join(dir, "data.db"));
  const ts = (ms) => new Date(ms).toISOString().replace("T", " ");
  const now = Date.parse("2026-11-01T00:00:00Z");
  const insert = (table, names) => {
    const stmt = db.prepare(`INSERT INTO "${table}" (${names.map((n) => `"${n}"`).join(", ")}) VALUES (${names.map(() => "?").join(", ")})`);
    return (row) => stmt.run(...names.map((n) => row[n]));
  };
  const storage = (collectionId, recordId, name, data) => {
    const folder = path.join(dir, "storage", collectionId, recordId);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, name), data);
  };
  const insAuthor = insert("authors", ["id", "created", "updated", "name"]);
  const insArticle = insert("articles", ["id", "created", "updated", "title", "body", "meta", "author", "cover", "status", "views", "published"]);
  const insEvent = insert("events", ["id", "created", "updated", "title", "details", "payload", "author", "attachment", "level", "count"]);
  db.transaction(() => {
    for (let i = 0; i < AUTHOR_COUNT; i++) insAuthor({ id: authorId(i), created: ts(now - i * 1000), updated: ts(now - i * 1000), name: `Author ${i} ${WORDS[i % WORDS.length]}` });
    for (let i = 0; i < ARTICLE_COUNT; i++) {
      const at = ts(now - (ARTICLE_COUNT - i) * 60_000);
      const cover = `cover_${i}_a1b2c3d4e5.png`;
      insArticle({
        id: articleId(i), created: at, updated: at, title: articleTitle(i),
        body: [0, 1, 2].map((k) => paragraph(i + k)).join(""),
        meta: JSON.stringify({ words: 300 + i, tags: [WORDS[i % 10], WORDS[(i >> 2) % 10]], seo: { slug: `article-${i}`, index: i % 2 === 0 } }),
        author: authorId(i % AUTHOR_COUNT), cover, status: ["draft", "published", "archived"][i % 3], views: (i * 7919) % 5000,
        published: ts(now - i * 3_600_000),
      });
      storage(ids.articles, articleId(i), cover, PNG);
    }
    for (let i = 0; i < EVENT_COUNT; i++) {
      const at = ts(now - (EVENT_COUNT - i) * 1000);
      const attachment = `log_${i}_f6g7h8i9j0.txt`;
      insEvent({
        id: eventId(i), created: at, updated: at, title: eventTitle(i),
        details: paragraph(i),
        payload: JSON.stringify({ source: `service-${i % 12}`, attempt: i % 5, ok: i % 7 !== 0 }),
        author: authorId(i % AUTHOR_COUNT), attachment, level: ["info", "warn", "error"][i % 3], count: i % 100,
      });
      storage(ids.events, eventId(i), attachment, `event ${i}\n`);
    }
  })();
  db.close();
}

/**
 * Fills `dir` (created if missing) with the admin, the three collections and their records.
 * Returns the collection ids.
 */
export async function seedDashboardData(dir) {
  mkdirSync(dir, { recursive: true });
  execFileSync(PB, ["migrate", "up", "--dir", dir, ...FLAGS], { stdio: "ignore" });
  execFileSync(PB, ["admin", "create", ADMIN.email, ADMIN.password, "--dir", dir, ...FLAGS], { stdio: "ignore" });
  const boot = await start(PB, ["serve", "--dir", dir, ...FLAGS]);
  let ids;
  try {
    ids = await createCollections(boot.url);
  } finally {
    await stop(boot.child);
  }
  insertRows(dir, ids);
  return ids;
}
