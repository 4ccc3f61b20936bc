/**
 * Collections and records for the rules tests, created through a server's HTTP API
 * (the reference binary in the differential test). Ids are fixed so tests can name them.
 */

/** A 15 character record id from a short name (`p1` -> `p10000000000000`). */
export const rid = (s: string): string => s.padEnd(15, "0");

export const PASSWORD = "1234567890";

export interface ApiClient {
  (method: string, path: string, body?: unknown, token?: string, headers?: Record<string, string>): Promise<{ status: number; body: unknown }>;
}

/** An ApiClient over fetch for a base URL. */
export function httpClient(base: string): ApiClient {
  return async (method, path, body, token, headers = {}) => {
    const h: Record<string, string> = { ...headers };
    if (body !== undefined) h["content-type"] = "application/json";
    if (token) h.authorization = token;
    const res = await fetch(base + path, { method, headers: h, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* keep text */
    }
    return { status: res.status, body: parsed };
  };
}

const SELECT_ROLES = { maxSelect: 3, values: ["admin", "editor", "viewer"] };

export const COLLECTIONS = [
  {
    id: "teams0000000000",
    name: "teams",
    type: "base",
    schema: [
      { name: "name", type: "text" },
      { name: "tier", type: "number" },
    ],
  },
  {
    id: "tags00000000000",
    name: "tags",
    type: "base",
    schema: [
      { name: "name", type: "text" },
      { name: "weight", type: "number" },
    ],
  },
  {
    id: "posts0000000000",
    name: "posts",
    type: "base",
    schema: [
      { name: "title", type: "text" },
      { name: "author", type: "relation", options: { collectionId: "_pb_users_auth_", maxSelect: 1 } },
      { name: "sel", type: "select", options: { maxSelect: 3, values: ["a", "b", "c"] } },
      { name: "status", type: "select", options: { maxSelect: 1, values: ["draft", "live"] } },
      { name: "tags", type: "relation", options: { collectionId: "tags00000000000", maxSelect: null } },
      { name: "meta", type: "json", options: { maxSize: 100000 } },
      { name: "views", type: "number" },
      { name: "published", type: "bool" },
      { name: "docs", type: "file", options: { maxSelect: 5, maxSize: 1000000 } },
      { name: "cover", type: "file", options: { maxSelect: 1, maxSize: 1000000 } },
      { name: "day", type: "date" },
    ],
  },
  {
    id: "comments0000000",
    name: "comments",
    type: "base",
    schema: [
      { name: "post", type: "relation", options: { collectionId: "posts0000000000", maxSelect: 1 } },
      { name: "author", type: "relation", options: { collectionId: "_pb_users_auth_", maxSelect: 1 } },
      { name: "body", type: "text" },
      { name: "likes", type: "relation", options: { collectionId: "_pb_users_auth_", maxSelect: null } },
    ],
  },
  {
    // A back-relation target with a unique single relation (one row per post at most).
    id: "stats0000000000",
    name: "stats",
    type: "base",
    schema: [
      { name: "post", type: "relation", options: { collectionId: "posts0000000000", maxSelect: 1 } },
      { name: "hits", type: "number" },
    ],
    indexes: ["CREATE UNIQUE INDEX `idx_stats_post` ON `stats` (`post`)"],
  },
];

/** Fields added to the default `users` auth collection (it has name and avatar). */
export const USER_FIELDS = [
  { name: "team", type: "relation", options: { collectionId: "teams0000000000", maxSelect: 1 } },
  { name: "roles", type: "select", options: SELECT_ROLES },
  { name: "friends", type: "relation", options: { collectionId: "_pb_users_auth_", maxSelect: null } },
  { name: "profile", type: "json", options: { maxSize: 100000 } },
];

export const RECORDS: [string, Record<string, unknown>][] = [
  ["teams", { id: rid("t1"), name: "red", tier: 1 }],
  ["teams", { id: rid("t2"), name: "blue", tier: 2 }],
  ["teams", { id: rid("t3"), name: "", tier: 0 }],
  ["tags", { id: rid("g1"), name: "go", weight: 1 }],
  ["tags", { id: rid("g2"), name: "js", weight: 2 }],
  ["tags", { id: rid("g3"), name: "sql", weight: 3 }],
  ["users", { id: rid("u1"), username: "ann", email: "ann@x.io", emailVisibility: true, verified: true, name: "Ann", team: rid("t1"), roles: ["admin", "editor"], profile: { age: 30, tags: ["x"] } }],
  ["users", { id: rid("u2"), username: "bob", email: "bob@x.io", emailVisibility: false, verified: false, name: "Bob", team: rid("t2"), roles: ["viewer"], friends: [rid("u1")], profile: null }],
  ["users", { id: rid("u3"), username: "cid", email: "", name: "", roles: [], profile: { age: 5 } }],
  ["users", { id: rid("u4"), username: "dan", email: "dan@x.io", emailVisibility: true, name: "Dan", team: rid("t1"), roles: ["editor"], friends: [rid("u1"), rid("u2"), rid("u3")] }],
  ["posts", { id: rid("p1"), title: "Hello", author: rid("u1"), sel: ["a", "b"], status: "live", tags: [rid("g1"), rid("g2")], meta: { a: { b: 1 }, k: "v" }, views: 10, published: true, day: "2024-01-02 10:00:00.000Z" }],
  ["posts", { id: rid("p2"), title: "World", author: rid("u2"), sel: ["c"], status: "draft", tags: [rid("g3")], meta: [1, 2], views: 0, published: false }],
  ["posts", { id: rid("p3"), title: "", sel: [], status: "", tags: [], meta: null, views: 5 }],
  ["posts", { id: rid("p4"), title: "a_b%", author: rid("u1"), sel: ["a"], status: "live", tags: [rid("g1")], meta: { a: { b: "1" } }, views: -3 }],
  ["posts", { id: rid("p5"), title: "x", author: rid("u4"), sel: ["a", "b", "c"], tags: [rid("g1"), rid("g2"), rid("g3")], meta: { k: "" }, views: 20, published: true }],
  ["posts", { id: rid("p6"), title: "Solo", author: rid("u3"), sel: ["b"], status: "draft", tags: [rid("g2")], meta: "str", views: 1 }],
  ["comments", { id: rid("c1"), post: rid("p1"), author: rid("u2"), body: "nice", likes: [rid("u1"), rid("u2")] }],
  ["comments", { id: rid("c2"), post: rid("p1"), author: rid("u3"), body: "meh", likes: [] }],
  ["comments", { id: rid("c3"), post: rid("p2"), author: rid("u1"), body: "ok", likes: [rid("u4")] }],
  ["comments", { id: rid("c4"), author: rid("u1"), body: "orphan", likes: [rid("u1")] }],
  ["comments", { id: rid("c5"), post: rid("p5"), author: rid("u4"), body: "nice", likes: [rid("u3")] }],
  ["stats", { id: rid("s1"), post: rid("p1"), hits: 7 }],
  ["stats", { id: rid("s2"), post: rid("p2"), hits: 0 }],
];

/** Creates the collections (through `adminToken`) and the records; every call must succeed. */
export async function createFixture(api: ApiClient, adminToken: string): Promise<void> {
  const must = async (method: string, path: string, body: unknown) => {
    const res = await api(method, path, body, adminToken);
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  // Collections first without relations to collections not yet made, then users' fields.
  const users = (await must("GET", "/api/collections/users", undefined)) as { schema: unknown[] };
  for (const c of COLLECTIONS) await must("POST", "/api/collections", { ...c, listRule: "", viewRule: "" });
  await must("PATCH", "/api/collections/users", { schema: [...users.schema, ...USER_FIELDS], listRule: "", viewRule: "" });
  // Friends refer to users created later: create without, then patch.
  for (const [coll, rec] of RECORDS) {
    const { friends, ...rest } = rec;
    const body = coll === "users" ? { ...rest, password: PASSWORD, passwordConfirm: PASSWORD } : rest;
    void friends;
    await must("POST", `/api/collections/${coll}/records`, body);
  }
  for (const [coll, rec] of RECORDS) {
    if (coll === "users" && rec.friends) await must("PATCH", `/api/collections/users/records/${rec.id}`, { friends: rec.friends });
  }
  await must("POST", "/api/collections", VIEW);
}

/** A view over posts (its relation fields keep their relation options). */
export const VIEW = { id: "postsview000000", name: "pv", type: "view", listRule: "", options: { query: "select id, title, author, tags, views from posts" } };

/** Signs a users record in and returns its token. */
export async function userToken(api: ApiClient, identity: string): Promise<string> {
  const res = await api("POST", "/api/collections/users/auth-with-password", { identity, password: PASSWORD });
  if (res.status !== 200) throw new Error(`user sign-in ${identity}: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { token: string }).token;
}
