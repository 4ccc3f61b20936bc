// Each scenario is one request shape hammered on both servers.
//   auth:   "admin" (admin token), "user" (token of USER, an auth record in `users`) or "guest"/absent
//   method: HTTP method (default GET); body: object sent as JSON
//   compare: false skips the one-off check that both servers answer alike (the logs grow per server)
//   duration: seconds, overriding --duration (used for create, since the servers grow while it runs)
export const ADMIN = { email: "bench@example.com", password: "1234567890" };
export const USER_COUNT = 100;
export const POST_COUNT = 100_000;
// Ids are 15 characters of [a-z0-9], as the reference generates them.
export const userId = (i) => `benchuser${String(i).padStart(6, "0")}`;
export const postId = (i) => `benchpost${String(i).padStart(6, "0")}`;
export const USER = { id: userId(0), username: "benchuser0", email: "benchuser0@example.com", password: "1234567890" };

const q = (s) => encodeURIComponent(s);
const posts = "/api/collections/posts/records";

export const scenarios = [
  { name: "health", path: "/api/health" },
  { name: "admins list + filter + sort", path: `/api/admins?filter=${q("email ~ 'user1' && created > '2000-01-01'")}&sort=-created&perPage=30`, auth: "admin" },
  { name: "logs list (page 1, 50 items)", path: "/api/logs?page=1&perPage=50&sort=-rowid&skipTotal=1", auth: "admin", compare: false },
  { name: "logs list + filter with total", path: `/api/logs?perPage=50&filter=${q("data.status >= 400 && data.auth != 'admin'")}`, auth: "admin" },
  { name: "logs stats", path: `/api/logs/stats?filter=${q("data.auth != 'admin'")}`, auth: "admin" },
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
];
