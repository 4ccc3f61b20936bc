import { afterAll, describe, expect, it } from "vitest";
import { adminToken, call } from "../../test/support/client.js";
import { cairnDataDir, cleanupTempDirs, referenceDataDir } from "../../test/support/dataDirs.js";
import { startCairn, startReference, type RunningServer } from "../../test/support/servers.js";

afterAll(cleanupTempDirs);

const COLLECTIONS = [
  {
    id: "tagscollection1", name: "tags", type: "base",
    schema: [{ name: "label", type: "text", required: true, options: {} }],
    listRule: "", viewRule: "",
  },
  {
    id: "postscollectio1", name: "posts", type: "base",
    schema: [
      { name: "title", type: "text", required: true, options: { max: 100 } },
      { name: "views", type: "number", options: {} },
      { name: "published", type: "bool", options: {} },
      { name: "status", type: "select", options: { maxSelect: 1, values: ["draft", "live"] } },
      { name: "tags", type: "relation", options: { collectionId: "tagscollection1", maxSelect: null, cascadeDelete: false } },
      { name: "meta", type: "json", options: { maxSize: 2000000 } },
      { name: "when", type: "date", options: {} },
      { name: "author", type: "relation", options: { collectionId: "_pb_users_auth_", maxSelect: 1 } },
    ],
    indexes: ["CREATE INDEX idx_posts_title ON posts (title)"],
    listRule: "status = 'live' || author = @request.auth.id", viewRule: "",
  },
  { id: "livepostsview01", name: "live_posts", type: "view", options: { query: "SELECT id, title, views FROM posts WHERE status = 'live'" }, listRule: "", viewRule: "" },
];

/** Builds the same content on any server through the HTTP API. */
async function seed(s: RunningServer): Promise<void> {
  const token = await adminToken(s);
  for (const c of COLLECTIONS) {
    const res = await call(s, { method: "POST", path: "/api/collections", token, body: c });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  const post = (path: string, body: unknown) => call(s, { method: "POST", path, token, body });
  expect((await post("/api/collections/users/records", { id: "user00000000001", username: "alice", email: "alice@example.com", emailVisibility: true, password: "12345678", passwordConfirm: "12345678" })).status).toBe(200);
  for (const [id, label] of [["tag000000000001", "news"], ["tag000000000002", "tech"]]) {
    expect((await post("/api/collections/tags/records", { id, label })).status).toBe(200);
  }
  const posts = [
    { id: "post00000000001", title: "Hello", views: 10, published: true, status: "live", tags: ["tag000000000001", "tag000000000002"], meta: { a: [1, 2] }, when: "2024-01-02 03:04:05.000Z", author: "user00000000001" },
    { id: "post00000000002", title: "Draft", views: 0, status: "draft", tags: [], author: "user00000000001" },
    { id: "post00000000003", title: "Other", views: 3.5, status: "live", tags: ["tag000000000002"] },
  ];
  for (const p of posts) expect((await post("/api/collections/posts/records", p)).status).toBe(200);
}

/** What a client sees of the content, as an admin, a user and a guest. */
async function snapshot(s: RunningServer) {
  const token = await adminToken(s);
  const user = await call(s, { method: "POST", path: "/api/collections/users/auth-with-password", body: { identity: "alice", password: "12345678" } });
  expect(user.status).toBe(200);
  const userToken = (user.body as { token: string }).token;
  const get = async (path: string, t?: string) => {
    const res = await call(s, { path, token: t });
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body;
  };
  const strip = (v: unknown) => JSON.parse(JSON.stringify(v, (k, val) => (k === "created" || k === "updated" ? undefined : val)));
  return strip({
    collections: await get("/api/collections?sort=name&perPage=50", token),
    adminPosts: await get("/api/collections/posts/records?sort=id&expand=tags,author", token),
    userPosts: await get("/api/collections/posts/records?sort=id", userToken),
    guestPosts: await get("/api/collections/posts/records?sort=id"),
    view: await get("/api/collections/live_posts/records?sort=id", token),
    filtered: await get(`/api/collections/posts/records?filter=${encodeURIComponent("tags.label ?= 'tech' && views > 1")}&sort=-views`, token),
  });
}

describe("records data compatibility with PocketBase v0.22", () => {
  it("serves the collections and records a reference data directory holds", async () => {
    const dir = referenceDataDir();
    const ref = await startReference(dir);
    let expected;
    try {
      await seed(ref);
      expected = await snapshot(ref);
    } finally {
      await ref.stop();
    }
    // The snapshot holds what the rules let each client see, not just empty pages.
    const total = (page: unknown) => (page as { totalItems: number }).totalItems;
    expect([total(expected.adminPosts), total(expected.userPosts), total(expected.guestPosts), total(expected.view), total(expected.filtered)]).toEqual([3, 3, 2, 2, 2]);
    const cairn = await startCairn(dir);
    try {
      expect(await snapshot(cairn)).toEqual(expected);
    } finally {
      await cairn.stop();
    }
  });

  it("writes collections and records the reference serves the same way", async () => {
    const dir = await cairnDataDir();
    const cairn = await startCairn(dir);
    let expected;
    try {
      await seed(cairn);
      expected = await snapshot(cairn);
    } finally {
      await cairn.stop();
    }
    const ref = await startReference(dir);
    try {
      expect(await snapshot(ref)).toEqual(expected);
    } finally {
      await ref.stop();
    }
  });
});
