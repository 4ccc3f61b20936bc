import { describe } from "vitest";
import Database from "better-sqlite3";
import path from "node:path";
import { differential, type DiffCase } from "../../../test/support/differential.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "../../../test/support/dataDirs.js";
import { testOnPostgres } from "../../../test/support/postgres.js";

const NEW_ID = "abcdefghij12345";
const json = (method: string, path: string, body: unknown, token?: string) => ({ method, path, body, token });

const cases: DiffCase[] = [
  // On PostgreSQL Cairn's health data also names its database (the dashboard's view editor reads it).
  { name: "health", req: () => ({ path: "/api/health" }), cairnAdds: testOnPostgres() ? { "data.database": "postgres" } : undefined },
  { name: "unknown api route is a 404 JSON", req: () => ({ path: "/api/nope" }) },
  { name: "list requires admin auth", req: () => ({ path: "/api/admins" }) },
  { name: "garbage token is unauthorized", req: () => ({ path: "/api/admins", token: "not-a-token" }) },
  { name: "sign-in: missing fields", req: () => json("POST", "/api/admins/auth-with-password", {}) },
  { name: "sign-in: wrong password", req: () => json("POST", "/api/admins/auth-with-password", { identity: ADMIN_EMAIL, password: "wrong-password" }) },
  { name: "sign-in: unknown email", req: () => json("POST", "/api/admins/auth-with-password", { identity: "nobody@example.com", password: ADMIN_PASSWORD }) },
  { name: "sign-in: email is case sensitive", req: () => json("POST", "/api/admins/auth-with-password", { identity: ADMIN_EMAIL.toUpperCase(), password: ADMIN_PASSWORD }) },
  { name: "sign-in: wrong JSON type", req: () => json("POST", "/api/admins/auth-with-password", { identity: 5, password: ADMIN_PASSWORD }) },
  { name: "sign-in: malformed JSON", req: () => ({ method: "POST", path: "/api/admins/auth-with-password", rawBody: "{bad" }) },
  { name: "sign-in: success", req: () => json("POST", "/api/admins/auth-with-password", { identity: ADMIN_EMAIL, password: ADMIN_PASSWORD }) },
  { name: "refresh: no token", req: () => ({ method: "POST", path: "/api/admins/auth-refresh" }) },
  { name: "refresh: success", req: (c) => ({ method: "POST", path: "/api/admins/auth-refresh", token: c.token }) },
  { name: "refresh: Bearer prefix accepted", req: (c) => ({ method: "POST", path: "/api/admins/auth-refresh", token: `Bearer ${c.token}` }) },
  {
    name: "list", req: (c) => ({ path: "/api/admins", token: c.token }),
    capture: (a, c) => (c.vars.adminId = (a.body as { items: { id: string }[] }).items[0]!.id),
  },
  { name: "view", req: (c) => ({ path: `/api/admins/${c.vars.adminId}`, token: c.token }) },
  { name: "view missing", req: (c) => ({ path: "/api/admins/missing", token: c.token }) },
  { name: "create: empty", req: (c) => json("POST", "/api/admins", {}, c.token) },
  { name: "create: invalid fields", req: (c) => json("POST", "/api/admins", { email: "bad", password: "123", passwordConfirm: "x", avatar: 11 }, c.token) },
  { name: "create: negative avatar and blank confirm", req: (c) => json("POST", "/api/admins", { email: "x@example.com", password: "1234567890", avatar: -1 }, c.token) },
  { name: "create: duplicate email", req: (c) => json("POST", "/api/admins", { email: ADMIN_EMAIL, password: "1234567890", passwordConfirm: "1234567890" }, c.token) },
  { name: "create: short id", req: (c) => json("POST", "/api/admins", { id: "abc", email: "q@example.com", password: "1234567890", passwordConfirm: "1234567890" }, c.token) },
  { name: "create: wrong type", req: (c) => json("POST", "/api/admins", { email: "q@example.com", avatar: "x" }, c.token) },
  { name: "create: unauthenticated while admins exist", req: () => json("POST", "/api/admins", { email: "q@example.com", password: "1234567890", passwordConfirm: "1234567890" }) },
  { name: "create: success with id", req: (c) => json("POST", "/api/admins", { id: NEW_ID, email: "Second@example.com", password: "1234567890", passwordConfirm: "1234567890", avatar: 3 }, c.token) },
  { name: "create: duplicate id", req: (c) => json("POST", "/api/admins", { id: NEW_ID, email: "third@example.com", password: "1234567890", passwordConfirm: "1234567890" }, c.token) },
  { name: "list: filter", req: (c) => ({ path: `/api/admins?filter=${encodeURIComponent("email ~ 'second' && created > '2000-01-01'")}`, token: c.token }) },
  { name: "list: avatar is not filterable", req: (c) => ({ path: `/api/admins?filter=${encodeURIComponent("avatar > 1")}`, token: c.token }) },
  { name: "list: @random sort", req: (c) => ({ path: "/api/admins?sort=@random&filter=" + encodeURIComponent("id != ''"), token: c.token }), compare: "shape" },
  { name: "list: @rowid sort is refused for admins", req: (c) => ({ path: "/api/admins?sort=@rowid", token: c.token }) },
  { name: "list: sort desc", req: (c) => ({ path: "/api/admins?sort=-email", token: c.token }) },
  { name: "list: paging clamps", req: (c) => ({ path: "/api/admins?perPage=1000&page=-1", token: c.token }) },
  { name: "list: page 2 of 1 per page", req: (c) => ({ path: "/api/admins?perPage=1&page=2&sort=email", token: c.token }) },
  { name: "list: skipTotal", req: (c) => ({ path: "/api/admins?skipTotal=1&sort=created", token: c.token }) },
  { name: "list: malformed filter", req: (c) => ({ path: `/api/admins?filter=${encodeURIComponent("(email = ")}`, token: c.token }) },
  { name: "list: unknown filter field", req: (c) => ({ path: "/api/admins?filter=foo%3D1", token: c.token }) },
  { name: "list: hidden field is not filterable", req: (c) => ({ path: `/api/admins?filter=${encodeURIComponent("passwordHash != ''")}`, token: c.token }) },
  { name: "list: unknown sort field", req: (c) => ({ path: "/api/admins?sort=foo", token: c.token }) },
  { name: "update: email", req: (c) => json("PATCH", `/api/admins/${NEW_ID}`, { email: "second2@example.com" }, c.token) },
  { name: "update: short password", req: (c) => json("PATCH", `/api/admins/${NEW_ID}`, { password: "short" }, c.token) },
  { name: "update: blank email, bad avatar", req: (c) => json("PATCH", `/api/admins/${NEW_ID}`, { email: "", avatar: -1 }, c.token) },
  { name: "update: wrong type", req: (c) => json("PATCH", `/api/admins/${NEW_ID}`, { avatar: "x" }, c.token) },
  { name: "update: password mismatch", req: (c) => json("PATCH", `/api/admins/${NEW_ID}`, { password: "abcdefghijk", passwordConfirm: "abcdefghijx" }, c.token) },
  { name: "update: password", req: (c) => json("PATCH", `/api/admins/${NEW_ID}`, { password: "abcdefghijk", passwordConfirm: "abcdefghijk" }, c.token) },
  { name: "update: sign in with new password", req: () => json("POST", "/api/admins/auth-with-password", { identity: "second2@example.com", password: "abcdefghijk" }) },
  { name: "update: missing", req: (c) => json("PATCH", "/api/admins/missing", { avatar: 1 }, c.token) },
  { name: "file token: guest", req: () => ({ method: "POST", path: "/api/files/token" }) },
  { name: "file token: admin", req: (c) => ({ method: "POST", path: "/api/files/token", token: c.token }) },
  { name: "reset request: empty", req: () => json("POST", "/api/admins/request-password-reset", {}) },
  { name: "reset request: invalid email", req: () => json("POST", "/api/admins/request-password-reset", { email: "nope" }) },
  { name: "reset request: unknown email is silent", req: () => json("POST", "/api/admins/request-password-reset", { email: "nobody@example.com" }) },
  { name: "reset confirm: empty", req: () => json("POST", "/api/admins/confirm-password-reset", {}) },
  { name: "reset confirm: bad token", req: () => json("POST", "/api/admins/confirm-password-reset", { token: "abc", password: "1234567890", passwordConfirm: "1234567890" }) },
  { name: "reset confirm: mismatch", req: () => json("POST", "/api/admins/confirm-password-reset", { token: "abc", password: "1234567890", passwordConfirm: "0987654321" }) },
  { name: "delete: unauthenticated", req: () => ({ method: "DELETE", path: `/api/admins/${NEW_ID}` }) },
  { name: "delete: success", req: (c) => ({ method: "DELETE", path: `/api/admins/${NEW_ID}`, token: c.token }) },
  { name: "delete: again is 404", req: (c) => ({ method: "DELETE", path: `/api/admins/${NEW_ID}`, token: c.token }) },
  { name: "delete: the only admin is refused", req: (c) => ({ method: "DELETE", path: `/api/admins/${c.vars.adminId}`, token: c.token }) },
];

describe("admins API against the reference", () => {
  differential(cases);
});

// The installer: with no admin at all, anyone may create the first one (and only the first).
describe("first admin creation (installer) against the reference", () => {
  const installer: DiffCase[] = [
    { name: "guest create: validation", req: () => json("POST", "/api/admins", { email: "first@example.com" }) },
    { name: "guest create: first admin", req: () => json("POST", "/api/admins", { email: "first@example.com", password: "1234567890", passwordConfirm: "1234567890" }) },
    { name: "guest create: second admin refused", req: () => json("POST", "/api/admins", { email: "second@example.com", password: "1234567890", passwordConfirm: "1234567890" }) },
    { name: "first admin signs in", req: () => json("POST", "/api/admins/auth-with-password", { identity: "first@example.com", password: "1234567890" }) },
  ];
  differential(installer, (dir) => {
    const db = new Database(path.join(dir, "data.db"));
    db.prepare("DELETE FROM _admins").run();
    db.close();
  }, { signIn: false });
});
