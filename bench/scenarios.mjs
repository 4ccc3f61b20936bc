// Each scenario is one request shape hammered on both servers.
//   auth:   "admin" (admin token), "user" (token of USER, an auth record in `users`) or "guest"/absent
//   method: HTTP method (default GET); body: object sent as JSON
//   compare: false skips the one-off check that both servers answer alike (the logs grow per server)
//   duration: seconds, overriding --duration (used for writes, since the servers change while they run)
//   pathFor: (n) => path of the nth request of this scenario on one server (counted across rounds),
//            for writes that must hit a different record each time
import { POST_COUNT, USER, postId } from "./seed.mjs";

const q = (s) => encodeURIComponent(s);
const posts = "/api/collections/posts/records";

export const scenarios = [
  { name: "health", path: "/api/health" },
  // The logs scenarios first, heaviest first: every request but a health check adds a log row,
  // and a faster server adds more, so later scenarios would scan a larger table on it.
  { name: "logs stats", path: `/api/logs/stats?filter=${q("data.auth != 'admin'")}`, auth: "admin" },
  { name: "logs list + filter with total", path: `/api/logs?perPage=50&filter=${q("data.status >= 400 && data.auth != 'admin'")}`, auth: "admin" },
  { name: "logs list (page 1, 50 items)", path: "/api/logs?page=1&perPage=50&sort=-rowid&skipTotal=1", auth: "admin", compare: false },
  { name: "admins list + filter + sort", path: `/api/admins?filter=${q("email ~ 'user1' && created > '2000-01-01'")}&sort=-created&perPage=30`, auth: "admin" },
  // posts: 100,000 rows, 100 users; listRule/viewRule `author = @request.auth.id || status = 'published'`
  { name: "posts list (page 1, 30, with total)", path: `${posts}?perPage=30`, auth: "admin" },
  { name: "posts list skipTotal", path: `${posts}?perPage=30&skipTotal=1`, auth: "admin" },
  { name: "posts filter + sort", path: `${posts}?perPage=30&filter=${q("views > 500 && status = 'published'")}&sort=-created`, auth: "admin" },
  { name: "posts expand=author", path: `${posts}?perPage=30&skipTotal=1&expand=author`, auth: "admin" },
  { name: "posts list as user (relation rule)", path: `${posts}?perPage=30`, auth: "user" },
  { name: "posts list as user, skipTotal", path: `${posts}?perPage=30&skipTotal=1&sort=-created`, auth: "user" },
  { name: "posts view one as user (rule)", path: `${posts}/${postId(4200)}`, auth: "user" },
  {
    name: "posts create (3 s)", path: posts, method: "POST", auth: "admin", duration: 3,
    body: { title: "Bench post", views: 42, status: "draft", author: USER.id, tags: ["bench", "new"] },
  },
  // Updates cycle over the oldest 1,000 posts; the title only, so earlier list scenarios (run before) are unaffected.
  {
    name: "posts update (3 s)", method: "PATCH", auth: "admin", duration: 3,
    pathFor: (n) => `${posts}/${postId(n % 1000)}`,
    body: { title: "Bench post updated", tags: ["bench", "updated"] },
  },
  // Last: each request deletes a different post, newest first, so the rows run out only after
  // POST_COUNT - 1,000 deletes per server (the runner stops with an error before that).
  {
    name: "posts delete (3 s)", method: "DELETE", auth: "admin", duration: 3,
    pathFor: (n) => `${posts}/${postId(POST_COUNT - 1 - n)}`, limit: POST_COUNT - 1000,
  },
];
