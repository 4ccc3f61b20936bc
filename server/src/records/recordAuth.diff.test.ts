import Database from "better-sqlite3";
import path from "node:path";
import { describe } from "vitest";
import { hashPassword } from "../auth/passwords.js";
import type { Ctx, DiffCase } from "../../test/support/differential.js";
import { differential } from "../../test/support/differential.js";
import { cases, collection, rid } from "../../test/support/records.js";

const U1 = rid("u1"), U2 = rid("u2");

/** Two users written straight into the data directory, so both servers hold the same secrets. */
async function seedUsers(dir: string) {
  const hash = await hashPassword("12345678");
  const db = new Database(path.join(dir, "data.db"));
  const insert = db.prepare(
    "INSERT INTO users (id, created, updated, username, email, emailVisibility, verified, tokenKey, passwordHash, lastResetSentAt, lastVerificationSentAt, name, avatar) " +
      "VALUES (?, '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z', ?, ?, 0, ?, ?, ?, '', '', '', '')",
  );
  insert.run(U1, "alice", "alice@example.com", 1, "k".repeat(50), hash);
  insert.run(U2, "bob", "bob@example.com", 0, "j".repeat(50), hash);
  db.close();
}

const tok = (c: Ctx, who: string) => c.vars[who];
const signIn = (who: string, identity: string, password = "12345678"): DiffCase => ({
  name: `sign in ${identity}`,
  req: () => ({ method: "POST", path: "/api/collections/users/auth-with-password", body: { identity, password } }),
  capture: (a, c) => {
    c.vars[who] = (a.body as { token?: string }).token ?? "";
  },
});
const as = (who: string, method: string, p: string, body?: unknown) => (c: Ctx) => ({ method, path: p, body, token: tok(c, who) });

const POSTS = {
  id: "post00000000001",
  name: "posts",
  schema: [{ name: "title", type: "text" }, { name: "author", type: "relation", options: { collectionId: "_pb_users_auth_", maxSelect: 1 } }],
  listRule: "author = @request.auth.id",
  viewRule: "author = @request.auth.id",
  createRule: "@request.auth.id != '' && @request.data.author = @request.auth.id",
  updateRule: "author = @request.auth.id",
  deleteRule: "author = @request.auth.id",
};

const SIGN_UP = { password: "12345678", passwordConfirm: "12345678" };
const LONG_NAME = "longer than five";

/**
 * The reference judges an auth record's own fields (and the id) first and its schema fields only
 * once those pass; a requester the manageRule lets manage the new record may create it verified.
 */
const authStagesAndManageRule: DiffCase[] = [
  {
    name: "users: names of at most 5 characters, alice manages users named mgd*",
    req: (c) => ({
      method: "PATCH",
      path: "/api/collections/users",
      token: c.token,
      body: {
        schema: [
          { id: "users_name", name: "name", type: "text", options: { max: 5 } },
          { id: "users_avatar", name: "avatar", type: "file", options: { maxSelect: 1, maxSize: 5242880 } },
        ],
        options: { manageRule: `@request.auth.id = '${U1}' && username ~ 'mgd'` },
      },
    }),
  },
  ...cases([
    ["sign-up with a bad username and a bad name: the username only", as("none", "POST", "/api/collections/users/records", { ...SIGN_UP, username: "!bad", name: LONG_NAME })],
    ["sign-up with a taken email and a bad name: the email only", as("none", "POST", "/api/collections/users/records", { ...SIGN_UP, email: "bob@example.com", name: LONG_NAME })],
    ["sign-up with a short password and a bad avatar: the password only", as("none", "POST", "/api/collections/users/records", { password: "1", passwordConfirm: "1", avatar: "x" })],
    ["sign-up with only a bad name: the name", as("none", "POST", "/api/collections/users/records", { ...SIGN_UP, username: "fine_name", name: LONG_NAME })],
    ["alice renames herself badly with a bad name: the username only", as("alice", "PATCH", `/api/collections/users/records/${U1}`, { username: "!x", name: LONG_NAME })],
    ["alice with a bad name: the name", as("alice", "PATCH", `/api/collections/users/records/${U1}`, { username: "alice_3", name: LONG_NAME })],
    ["alice creates a verified user she manages", as("alice", "POST", "/api/collections/users/records", { ...SIGN_UP, id: rid("m1"), username: "mgd_one", verified: true })],
    ["it is verified", (c) => ({ path: `/api/collections/users/records/${rid("m1")}`, token: c.token })],
    ["alice creates a verified user she does not manage", as("alice", "POST", "/api/collections/users/records", { ...SIGN_UP, username: "plain", verified: true })],
    ["alice creates a verified user with a bad name", as("alice", "POST", "/api/collections/users/records", { ...SIGN_UP, username: "mgd_two", verified: true, name: LONG_NAME })],
    ["a guest creates a verified user", as("none", "POST", "/api/collections/users/records", { ...SIGN_UP, username: "mgd_four", verified: true })],
    ["only alice's managed user was created", (c) => ({ path: "/api/collections/users/records?sort=username&fields=username,verified", token: c.token })],
  ]),
];

describe("records: auth records (sign-in, tokens, owner rules)", () => {
  differential(
    [
      ...cases([
        ["blank sign-in", () => ({ method: "POST", path: "/api/collections/users/auth-with-password", body: {} })],
        ["bad password", () => ({ method: "POST", path: "/api/collections/users/auth-with-password", body: { identity: "alice@example.com", password: "nope" } })],
        ["email is case-sensitive", () => ({ method: "POST", path: "/api/collections/users/auth-with-password", body: { identity: "ALICE@example.com", password: "12345678" } })],
        ["wrong identity type", () => ({ method: "POST", path: "/api/collections/users/auth-with-password", body: { identity: 1 } })],
        ["not an auth collection", () => ({ method: "POST", path: "/api/collections/_pb_users_auth_x/auth-with-password", body: { identity: "a", password: "b" } })],
        ["refresh without a token", () => ({ method: "POST", path: "/api/collections/users/auth-refresh" })],
      ]),
      signIn("alice", "alice@example.com"),
      signIn("bob", "BOB"),
      collection(POSTS),
      ...cases([
        ["refresh", as("alice", "POST", "/api/collections/users/auth-refresh")],
        ["alice lists users: only herself, with her email", as("alice", "GET", "/api/collections/users/records")],
        ["alice views bob", as("alice", "GET", `/api/collections/users/records/${U2}`)],
        ["bob views himself", as("bob", "GET", `/api/collections/users/records/${U2}`)],
        ["alice updates her name without old password", as("alice", "PATCH", `/api/collections/users/records/${U1}`, { name: "Alice" })],
        ["alice cannot change her email", as("alice", "PATCH", `/api/collections/users/records/${U1}`, { email: "new@example.com" })],
        ["alice hides her email", as("alice", "PATCH", `/api/collections/users/records/${U1}`, { username: "alice2", emailVisibility: false })],
        ["alice cannot verify bob", as("alice", "PATCH", `/api/collections/users/records/${U2}`, { verified: true })],
        ["alice changes password without the old one", as("alice", "PATCH", `/api/collections/users/records/${U1}`, { password: "abcdefgh", passwordConfirm: "abcdefgh" })],
        ["alice changes password with a wrong old one", as("alice", "PATCH", `/api/collections/users/records/${U1}`, { password: "abcdefgh", passwordConfirm: "abcdefgh", oldPassword: "x" })],
        ["guest creates a post", as("none", "POST", "/api/collections/posts/records", { title: "x" })],
        ["alice creates a post for bob", as("alice", "POST", "/api/collections/posts/records", { title: "x", author: U2 })],
        ["alice creates her post", as("alice", "POST", "/api/collections/posts/records", { id: rid("p1"), title: "mine", author: U1 })],
        ["bob creates his post", as("bob", "POST", "/api/collections/posts/records", { id: rid("p2"), title: "his", author: U2 })],
        ["alice lists posts", as("alice", "GET", "/api/collections/posts/records?expand=author")],
        ["bob views alice's post", as("bob", "GET", `/api/collections/posts/records/${rid("p1")}`)],
        ["bob updates alice's post", as("bob", "PATCH", `/api/collections/posts/records/${rid("p1")}`, { title: "x" })],
        ["bob deletes alice's post", as("bob", "DELETE", `/api/collections/posts/records/${rid("p1")}`)],
        ["alice deletes her post", as("alice", "DELETE", `/api/collections/posts/records/${rid("p1")}`)],
        ["bob changes his password", as("bob", "PATCH", `/api/collections/users/records/${U2}`, { password: "abcdefgh", passwordConfirm: "abcdefgh", oldPassword: "12345678" })],
        ["bob's old token no longer works", as("bob", "POST", "/api/collections/users/auth-refresh")],
        ["bob's old password no longer works", () => ({ method: "POST", path: "/api/collections/users/auth-with-password", body: { identity: "bob", password: "12345678" } })],
        ["bob's new password works", () => ({ method: "POST", path: "/api/collections/users/auth-with-password", body: { identity: "bob", password: "abcdefgh" } })],
        ["an admin token as a record token elsewhere", (c) => ({ method: "POST", path: "/api/collections/users/auth-refresh", token: c.token })],
      ]),
      ...authStagesAndManageRule,
    ],
    seedUsers,
  );
});
