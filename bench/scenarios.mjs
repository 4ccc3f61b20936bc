// Each scenario is one request shape hammered on both servers. `auth` sends the admin token.
export const scenarios = [
  { name: "health", path: "/api/health" },
  { name: "admins list + filter + sort", path: `/api/admins?filter=${encodeURIComponent("email ~ 'user1' && created > '2000-01-01'")}&sort=-created&perPage=30`, auth: true },
  { name: "logs list (page 1, 50 items)", path: "/api/logs?page=1&perPage=50&sort=-rowid&skipTotal=1", auth: true },
  { name: "logs list + filter with total", path: `/api/logs?perPage=50&filter=${encodeURIComponent("data.status >= 400 && data.auth != 'admin'")}`, auth: true },
  { name: "logs stats", path: `/api/logs/stats?filter=${encodeURIComponent("data.auth != 'admin'")}`, auth: true },
];
