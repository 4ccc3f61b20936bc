import Database from "better-sqlite3";
import path from "node:path";
import { createHash } from "node:crypto";
import { describe, expect } from "vitest";
import { hashPassword } from "../auth/passwords.js";
import { signToken } from "../auth/tokens.js";
import { adminToken, call } from "../../test/support/client.js";
import type { Ctx, DiffCase } from "../../test/support/differential.js";
import { differential } from "../../test/support/differential.js";
import { startReference } from "../../test/support/servers.js";
import { cases, rid } from "../../test/support/records.js";

const U = "_pb_users_auth_";
const MEMBERS = "members00000001";
const ALICE = rid("alice"), BOB = rid("bob"), CAROL = rid("carol"), M1 = rid("m1");
const KEYS: Record<string, string> = { [ALICE]: "a".repeat(50), [BOB]: "b".repeat(50), [CAROL]: "c".repeat(50), [M1]: "m".repeat(50) };
const EMAILS: Record<string, string> = { [ALICE]: "alice@example.com", [BOB]: "bob@example.com", [CAROL]: "carol@example.com", [M1]: "m@example.com" };

/** Flow tokens, signed in setup with the data directory's secrets (both servers share them). */
const T: Record<string, string> = {};

type Secrets = Record<"recordVerificationToken" | "recordPasswordResetToken" | "recordEmailChangeToken" | "recordAuthToken", { secret: string }>;

async function setup(dir: string) {
  // Collections through the reference's API, so their schema is exactly the reference's.
  const ref = await startReference(dir);
  try {
    const token = await adminToken(ref);
    const mk = (body: unknown) => call(ref, { method: "POST", path: "/api/collections", body, token });
    await mk({ id: MEMBERS, name: "members", type: "auth", schema: [], options: { minPasswordLength: 5, allowUsernameAuth: false, allowEmailAuth: true } });
    await mk({ id: "posts0000000001", name: "posts", schema: [{ name: "title", type: "text" }] });
  } finally {
    await ref.stop();
  }
  const db = new Database(path.join(dir, "data.db"));
  const h8 = await hashPassword("12345678");
  const h5 = await hashPassword("12345");
  const users = db.prepare(
    "INSERT INTO users (id, created, updated, username, email, emailVisibility, verified, tokenKey, passwordHash, lastResetSentAt, lastVerificationSentAt, name, avatar) " +
      "VALUES (?, '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z', ?, ?, 0, ?, ?, ?, '', '', '', '')",
  );
  users.run(ALICE, "alice", EMAILS[ALICE], 0, KEYS[ALICE], h8);
  users.run(BOB, "bob", EMAILS[BOB], 0, KEYS[BOB], h8);
  users.run(CAROL, "carol", EMAILS[CAROL], 1, KEYS[CAROL], h8);
  db.prepare(
    "INSERT INTO members (id, created, updated, username, email, emailVisibility, verified, tokenKey, passwordHash, lastResetSentAt, lastVerificationSentAt) " +
      "VALUES (?, '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z', 'm1', ?, 0, 0, ?, ?, '', '')",
  ).run(M1, EMAILS[M1], KEYS[M1], h5);
  const s = JSON.parse((db.prepare("SELECT value FROM _params WHERE key = 'settings'").get() as { value: string }).value) as Secrets;
  db.close();

  const sign = (id: string, kind: keyof Secrets, extra: Record<string, unknown> = {}, opts: { coll?: string; key?: string; duration?: number } = {}) =>
    signToken({ id, type: "authRecord", collectionId: opts.coll ?? (id === M1 ? MEMBERS : U), email: EMAILS[id], ...extra }, (opts.key ?? KEYS[id]!) + s[kind].secret, opts.duration ?? 3600);
  const V = "recordVerificationToken", P = "recordPasswordResetToken", E = "recordEmailChangeToken";
  Object.assign(T, {
    vWrongSecret: await sign(ALICE, V, {}, { key: "x" }),
    vEmailMismatch: await sign(ALICE, V, { email: "z@example.com" }),
    vNoEmail: await sign(ALICE, V, { email: undefined }),
    vWrongColl: await sign(ALICE, V, {}, { coll: "othercollection" }),
    vAdminType: await sign(BOB, V, { type: "admin" }),
    vExpired: await sign(ALICE, V, {}, { duration: -10 }),
    vAuthSecret: await sign(ALICE, "recordAuthToken"),
    vMember: await sign(M1, V),
    vAlice: await sign(ALICE, V),
    vCarol: await sign(CAROL, V),
    pAlice: await sign(ALICE, P),
    pWrongSecret: await sign(ALICE, V),
    pMember: await sign(M1, P),
    pBobOtherEmail: await sign(BOB, P, { email: "q@example.com" }),
    eCarol: await sign(CAROL, E, { newEmail: "carol.new@example.com" }),
    eCarolWrongSecret: await sign(CAROL, E, { newEmail: "carol.new@example.com" }, { key: "x" }),
    eCarolTaken: await sign(CAROL, E, { newEmail: "bob@example.com" }),
    eMember: await sign(M1, E, { newEmail: "m.new@example.com" }),
  });
}

const post = (p: string, body?: unknown, token?: (c: Ctx) => string | undefined) => (c: Ctx) => ({ method: "POST", path: p, body, token: token?.(c) });
const C = "/api/collections/users";
const signIn = (who: string, identity: string, password: string, coll = "users"): DiffCase => ({
  name: `sign in ${identity} / ${password}`,
  req: () => ({ method: "POST", path: `/api/collections/${coll}/auth-with-password`, body: { identity, password } }),
  capture: (a, c) => {
    c.vars[who] = (a.body as { token?: string }).token ?? "";
  },
});
const asUser = (who: string) => (c: Ctx) => c.vars[who];
const view = (name: string, coll: string, id: string): DiffCase => ({
  name,
  req: (c) => ({ path: `/api/collections/${coll}/records/${id}`, token: c.token }),
});

interface Provider { name: string; state: string; authUrl: string; codeVerifier: string; codeChallenge: string }

/** auth-methods with the random parts (state, PKCE verifier and challenge) replaced by their lengths. */
function normalizeMethods(body: unknown): unknown {
  const b = body as { authProviders?: Provider[] };
  if (!b?.authProviders) return body;
  return {
    ...b,
    authProviders: b.authProviders.map((p) => ({
      ...p,
      state: p.state.length,
      codeVerifier: p.codeVerifier.length,
      codeChallenge: p.codeChallenge.length,
      authUrl: p.authUrl.replace(/(state|code_challenge)=[^&]*/g, "$1=*"),
    })),
  };
}

const ALL_PROVIDERS = ["apple", "bitbucket", "discord", "facebook", "gitea", "gitee", "github", "gitlab", "google", "instagram", "kakao", "livechat", "mailcow", "microsoft", "oidc", "oidc2", "oidc3", "patreon", "planningcenter", "spotify", "strava", "twitch", "twitter", "vk", "yandex"];

const providerCases = (label: string, settings: Record<string, unknown>): DiffCase[] => [
  { name: `enable OAuth2 providers (${label})`, compare: "status", req: (c) => ({ method: "PATCH", path: "/api/settings", token: c.token, body: settings }) },
  {
    name: `auth methods list the enabled providers (${label})`,
    compare: "shape",
    req: () => ({ path: `${C}/auth-methods` }),
    capture: (a, c) => {
      c.vars.methods = JSON.stringify(normalizeMethods(a.body));
    },
    check: (b, c) => {
      expect(normalizeMethods(b.body)).toEqual(JSON.parse(c.vars.methods!));
      for (const p of (b.body as { authProviders: Provider[] }).authProviders) {
        if (p.codeVerifier) expect(p.codeChallenge).toBe(createHash("sha256").update(p.codeVerifier).digest("base64url"));
        expect(p.authUrl).toContain(`state=${p.state}&`);
      }
    },
  },
];

describe("records: auth mail flows (verification, password reset, email change, auth methods)", () => {
  const requestCases = (ep: string) =>
    cases([
      [`${ep}: blank`, post(`${C}/${ep}`, {})],
      [`${ep}: no body`, post(`${C}/${ep}`)],
      [`${ep}: bad email`, post(`${C}/${ep}`, { email: "bad" })],
      [`${ep}: email of the wrong type`, post(`${C}/${ep}`, { email: 1 })],
      [`${ep}: malformed body`, () => ({ method: "POST", path: `${C}/${ep}`, rawBody: "{" })],
      [`${ep}: unknown email`, post(`${C}/${ep}`, { email: "nobody@example.com" })],
      [`${ep}: known email`, post(`${C}/${ep}`, { email: "alice@example.com" })],
      [`${ep}: verified record`, post(`${C}/${ep}`, { email: "carol@example.com" })],
      [`${ep}: not an auth collection`, post(`/api/collections/posts/${ep}`, { email: "alice@example.com" })],
      [`${ep}: blank on a non-auth collection`, post(`/api/collections/posts/${ep}`, {})],
      [`${ep}: missing collection`, post(`/api/collections/nope/${ep}`, { email: "alice@example.com" })],
    ]);

  differential(
    [
      ...cases([
        ["auth methods", () => ({ path: `${C}/auth-methods` })],
        ["auth methods by id", () => ({ path: `/api/collections/${U}/auth-methods` })],
        ["auth methods, email only", () => ({ path: `/api/collections/members/auth-methods` })],
        ["auth methods of a base collection", () => ({ path: `/api/collections/posts/auth-methods` })],
        ["auth methods of a missing collection", () => ({ path: `/api/collections/nope/auth-methods` })],
      ]),
      ...requestCases("request-verification"),
      ...requestCases("request-password-reset"),
      ...cases([
        ["confirm-verification: blank", post(`${C}/confirm-verification`, {})],
        ["confirm-verification: malformed token", post(`${C}/confirm-verification`, { token: "bad" })],
        ["confirm-verification: token of the wrong type", post(`${C}/confirm-verification`, { token: 1 })],
        ["confirm-verification: malformed body", () => ({ method: "POST", path: `${C}/confirm-verification`, rawBody: "{" })],
        ["confirm-verification: wrong signature", (c) => post(`${C}/confirm-verification`, { token: T.vWrongSecret })(c)],
        ["confirm-verification: email mismatch", (c) => post(`${C}/confirm-verification`, { token: T.vEmailMismatch })(c)],
        ["confirm-verification: no email claim", (c) => post(`${C}/confirm-verification`, { token: T.vNoEmail })(c)],
        ["confirm-verification: unknown collection claim", (c) => post(`${C}/confirm-verification`, { token: T.vWrongColl })(c)],
        ["confirm-verification: expired", (c) => post(`${C}/confirm-verification`, { token: T.vExpired })(c)],
        ["confirm-verification: auth token secret", (c) => post(`${C}/confirm-verification`, { token: T.vAuthSecret })(c)],
        ["confirm-verification: other auth collection's token", (c) => post(`${C}/confirm-verification`, { token: T.vMember })(c)],
        ["confirm-verification: non-auth collection", (c) => post(`/api/collections/posts/confirm-verification`, { token: T.vAlice })(c)],
        ["confirm-verification: alice", (c) => post(`${C}/confirm-verification`, { token: T.vAlice })(c)],
        ["confirm-verification: alice again", (c) => post(`${C}/confirm-verification`, { token: T.vAlice })(c)],
        ["confirm-verification: already verified carol", (c) => post(`${C}/confirm-verification`, { token: T.vCarol })(c)],
        ["confirm-verification: any type claim", (c) => post(`${C}/confirm-verification`, { token: T.vAdminType })(c)],
      ]),
      view("alice is verified", "users", ALICE),
      view("bob is verified", "users", BOB),
      ...cases([
        ["confirm-password-reset: blank", post(`${C}/confirm-password-reset`, {})],
        ["confirm-password-reset: wrong types", post(`${C}/confirm-password-reset`, { token: "x", password: 1 })],
        ["confirm-password-reset: bad token", post(`${C}/confirm-password-reset`, { token: "x", password: "abcdefgh", passwordConfirm: "abcdefgh" })],
        ["confirm-password-reset: bad token, short password", post(`${C}/confirm-password-reset`, { token: "x", password: "abc", passwordConfirm: "abc" })],
        ["confirm-password-reset: short and mismatched", (c) => post(`${C}/confirm-password-reset`, { token: T.pAlice, password: "abc", passwordConfirm: "abd" })(c)],
        ["confirm-password-reset: mismatch", (c) => post(`${C}/confirm-password-reset`, { token: T.pAlice, password: "abcdefgh", passwordConfirm: "abcdefgi" })(c)],
        ["confirm-password-reset: over 100 chars", (c) => post(`${C}/confirm-password-reset`, { token: T.pAlice, password: "a".repeat(101), passwordConfirm: "a".repeat(101) })(c)],
        ["confirm-password-reset: over 72 bytes", (c) => post(`${C}/confirm-password-reset`, { token: T.pAlice, password: "a".repeat(80), passwordConfirm: "a".repeat(80) })(c)],
        ["confirm-password-reset: verification token", (c) => post(`${C}/confirm-password-reset`, { token: T.pWrongSecret, password: "abcdefgh", passwordConfirm: "abcdefgh" })(c)],
        ["confirm-password-reset: other auth collection's token", (c) => post(`${C}/confirm-password-reset`, { token: T.pMember, password: "abcdefgh", passwordConfirm: "abcdefgh" })(c)],
        ["confirm-password-reset: collection's minimum length", (c) => post(`/api/collections/members/confirm-password-reset`, { token: T.pMember, password: "abcd", passwordConfirm: "abcd" })(c)],
        ["confirm-password-reset: non-auth collection", (c) => post(`/api/collections/posts/confirm-password-reset`, { token: T.pAlice, password: "abcdefgh", passwordConfirm: "abcdefgh" })(c)],
        ["confirm-password-reset: member with 5 chars", (c) => post(`/api/collections/members/confirm-password-reset`, { token: T.pMember, password: "abcde", passwordConfirm: "abcde" })(c)],
        ["confirm-password-reset: alice", (c) => post(`${C}/confirm-password-reset`, { token: T.pAlice, password: "new-pass-1", passwordConfirm: "new-pass-1" })(c)],
        ["confirm-password-reset: alice's token is spent", (c) => post(`${C}/confirm-password-reset`, { token: T.pAlice, password: "new-pass-2", passwordConfirm: "new-pass-2" })(c)],
      ]),
      signIn("alice", "alice@example.com", "new-pass-1"),
      signIn("aliceOld", "alice@example.com", "12345678"),
      signIn("member", "m@example.com", "abcde", "members"),
      ...cases([["confirm-password-reset: other email claim keeps bob unverified", (c) => post(`${C}/confirm-password-reset`, { token: T.pBobOtherEmail, password: "bob-pass-1", passwordConfirm: "bob-pass-1" })(c)]]),
      signIn("bob", "bob@example.com", "bob-pass-1"),
      signIn("carol", "carol@example.com", "12345678"),
      ...cases([
        ["request-email-change: guest", post(`${C}/request-email-change`, { newEmail: "x@example.com" })],
        ["request-email-change: guest, blank", post(`${C}/request-email-change`, {})],
        ["request-email-change: admin", (c) => post(`${C}/request-email-change`, { newEmail: "x@example.com" }, () => c.token)(c)],
        ["request-email-change: non-auth collection", post(`/api/collections/posts/request-email-change`, { newEmail: "x@example.com" }, asUser("carol"))],
        ["request-email-change: missing collection", post(`/api/collections/nope/request-email-change`, { newEmail: "x@example.com" }, asUser("carol"))],
        ["request-email-change: other auth collection", post(`/api/collections/members/request-email-change`, { newEmail: "x@example.com" }, asUser("carol"))],
        ["request-email-change: blank", post(`${C}/request-email-change`, {}, asUser("carol"))],
        ["request-email-change: bad email", post(`${C}/request-email-change`, { newEmail: "bad" }, asUser("carol"))],
        ["request-email-change: wrong type", post(`${C}/request-email-change`, { newEmail: 5 }, asUser("carol"))],
        ["request-email-change: malformed body", (c) => ({ method: "POST", path: `${C}/request-email-change`, rawBody: "{", token: c.vars.carol })],
        ["request-email-change: taken", post(`${C}/request-email-change`, { newEmail: "bob@example.com" }, asUser("carol"))],
        ["request-email-change: the current one", post(`${C}/request-email-change`, { newEmail: "carol@example.com" }, asUser("carol"))],
        ["confirm-email-change: blank", post(`${C}/confirm-email-change`, {})],
        ["confirm-email-change: wrong type", post(`${C}/confirm-email-change`, { token: 1 })],
        ["confirm-email-change: bad token", post(`${C}/confirm-email-change`, { token: "x", password: "12345678" })],
        ["confirm-email-change: wrong signature", (c) => post(`${C}/confirm-email-change`, { token: T.eCarolWrongSecret, password: "12345678" })(c)],
        ["confirm-email-change: wrong password", (c) => post(`${C}/confirm-email-change`, { token: T.eCarol, password: "nope" })(c)],
        ["confirm-email-change: no password", (c) => post(`${C}/confirm-email-change`, { token: T.eCarol })(c)],
        ["confirm-email-change: new email taken", (c) => post(`${C}/confirm-email-change`, { token: T.eCarolTaken, password: "12345678" })(c)],
        ["confirm-email-change: other auth collection's token", (c) => post(`${C}/confirm-email-change`, { token: T.eMember, password: "abcde" })(c)],
        ["confirm-email-change: non-auth collection", (c) => post(`/api/collections/posts/confirm-email-change`, { token: T.eCarol, password: "12345678" })(c)],
        ["confirm-email-change: carol", (c) => post(`${C}/confirm-email-change`, { token: T.eCarol, password: "12345678" })(c)],
        ["carol's old session ends", post(`${C}/auth-refresh`, undefined, asUser("carol"))],
      ]),
      signIn("carol2", "carol.new@example.com", "12345678"),
      view("alice after the flows", "users", ALICE),
      view("bob after the flows", "users", BOB),
      view("carol after the flows", "users", CAROL),
      view("member after the flows", "members", M1),
      ...providerCases("defaults", Object.fromEntries(ALL_PROVIDERS.map((p) => [`${p}Auth`, { enabled: true, clientId: "CID", clientSecret: "SEC" }]))),
      ...providerCases("overrides", {
        githubAuth: { enabled: true, clientId: "g i!", clientSecret: "s", displayName: "GH" },
        bitbucketAuth: { enabled: true, clientId: "b", clientSecret: "s", pkce: true },
        googleAuth: { enabled: true, clientId: "g", clientSecret: "s", pkce: false, authUrl: "https://auth.example/o?x=1" },
        oidcAuth: { enabled: true, clientId: "o", clientSecret: "s", authUrl: "https://oidc.example/auth", tokenUrl: "https://oidc.example/token", userApiUrl: "https://oidc.example/me", displayName: "My OIDC" },
        appleAuth: { enabled: false },
      }),
      ...cases([["auth methods without OAuth2 on the collection", () => ({ path: "/api/collections/members/auth-methods" })]]),
    ],
    setup,
  );
});
