import { createServer, type IncomingMessage, type Server } from "node:http";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, type App } from "../../app.js";
import { buildServer } from "../../http/server.js";
import { signToken } from "../tokens.js";
import { externalAuthsRepo } from "../../db/externalAuths.js";
import { recordsRepo } from "../../db/records.js";
import { adminToken, call } from "../../../test/support/client.js";
import { cairnDataDir, cleanupTempDirs } from "../../../test/support/dataDirs.js";
import { freePort } from "../../../test/support/ports.js";
import type { RunningServer } from "../../../test/support/servers.js";

/**
 * Fixed-endpoint providers against small local servers that answer with each provider's
 * documented token and user payloads, reached through the test-only endpoint override.
 * Each server checks what the provider would check (code, redirect URI, client
 * credentials, PKCE verifier, bearer token); the test checks the user-field mapping.
 */
const CLIENT_ID = "client-id";
const CLIENT_SECRET = "client-secret";
const CODE = "the-code";
const ACCESS = "the-access-token";
const REDIRECT = "http://127.0.0.1:9/cb";
const VERIFIER = "v".repeat(43);

interface Family {
  provider: string;
  /** Extra fields of the token answer. */
  token?: Record<string, unknown>;
  /** GET paths (with query) and what they answer. */
  routes: Record<string, unknown>;
  /** The userApiUrl path (with query). */
  userPath: string;
  pkce: boolean;
  /** Headers every API call must carry besides the bearer token. */
  headers?: Record<string, string>;
  expectMeta: Record<string, unknown>;
}

const FAMILIES: Family[] = [
  {
    provider: "google",
    pkce: true,
    userPath: "/oauth2/v1/userinfo",
    routes: {
      "/oauth2/v1/userinfo": { id: "1089", email: "g@example.com", verified_email: true, name: "Goo Gle", given_name: "Goo", picture: "https://lh3.example/p.jpg" },
    },
    expectMeta: { id: "1089", name: "Goo Gle", username: "", email: "g@example.com", avatarUrl: "https://lh3.example/p.jpg" },
  },
  {
    provider: "github",
    pkce: true,
    userPath: "/user",
    routes: {
      "/user": { login: "octocat", id: 583231, name: "The Octocat", email: "public-unverified@example.com", avatar_url: "https://avatars.example/u/583231" },
      "/user/emails": [
        { email: "old@example.com", primary: false, verified: true, visibility: null },
        { email: "octo@example.com", primary: true, verified: true, visibility: "public" },
      ],
    },
    expectMeta: { id: "583231", name: "The Octocat", username: "octocat", email: "octo@example.com", avatarUrl: "https://avatars.example/u/583231" },
  },
  {
    provider: "discord",
    pkce: true,
    userPath: "/api/users/@me",
    routes: {
      "/api/users/@me": { id: "80351110224678912", username: "nelly", discriminator: "0", global_name: "Nelly", avatar: "8342729096ea3675442027381ff50dfe", verified: true, email: "nelly@example.com" },
    },
    expectMeta: { id: "80351110224678912", name: "Nelly", username: "nelly", email: "nelly@example.com", avatarUrl: "https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png" },
  },
  {
    provider: "microsoft",
    pkce: true,
    userPath: "/v1.0/me",
    routes: { "/v1.0/me": { id: "87d349ed-44d7-43e1-9a83-5f2406dee5bd", displayName: "Megan Bowen", mail: "MeganB@example.com", userPrincipalName: "MeganB@example.com" } },
    expectMeta: { id: "87d349ed-44d7-43e1-9a83-5f2406dee5bd", name: "Megan Bowen", username: "", email: "MeganB@example.com", avatarUrl: "" },
  },
  {
    provider: "facebook",
    pkce: true,
    userPath: "/me?fields=name,email,picture.type(large)",
    routes: { "/me?fields=name,email,picture.type(large)": { id: "10158", name: "Face Book", email: "fb@example.com", picture: { data: { url: "https://fb.example/p.jpg", height: 200 } } } },
    expectMeta: { id: "10158", name: "Face Book", username: "", email: "fb@example.com", avatarUrl: "https://fb.example/p.jpg" },
  },
  {
    provider: "gitlab",
    pkce: true,
    userPath: "/api/v4/user",
    routes: { "/api/v4/user": { id: 1, username: "john_smith", name: "John Smith", email: "john@example.com", confirmed_at: "2012-05-23T09:05:22Z", avatar_url: "https://gitlab.example/a.png" } },
    expectMeta: { id: "1", name: "John Smith", username: "john_smith", email: "john@example.com", avatarUrl: "https://gitlab.example/a.png" },
  },
  {
    provider: "twitter",
    pkce: true,
    userPath: "/2/users/me?user.fields=id,name,username,profile_image_url",
    routes: { "/2/users/me?user.fields=id,name,username,profile_image_url": { data: { id: "2244994945", name: "X Dev", username: "XDevelopers", profile_image_url: "https://pbs.example/p.jpg" } } },
    expectMeta: { id: "2244994945", name: "X Dev", username: "XDevelopers", email: "", avatarUrl: "https://pbs.example/p.jpg" },
  },
  {
    provider: "bitbucket",
    pkce: false,
    userPath: "/2.0/user",
    routes: {
      "/2.0/user": { uuid: "{c9d8-11}", username: "bbuser", display_name: "Bit Bucket", account_status: "active", links: { avatar: { href: "https://bb.example/a.png" } } },
      "/2.0/user/emails": { values: [{ email: "unconfirmed@example.com", is_primary: true, is_confirmed: false }, { email: "b@example.com", is_primary: false, is_confirmed: true }] },
    },
    expectMeta: { id: "{c9d8-11}", name: "Bit Bucket", username: "bbuser", email: "", avatarUrl: "https://bb.example/a.png" },
  },
  {
    provider: "twitch",
    pkce: true,
    userPath: "/helix/users",
    headers: { "client-id": CLIENT_ID },
    routes: { "/helix/users": { data: [{ id: "141981764", login: "twitchdev", display_name: "TwitchDev", email: "t@example.com", profile_image_url: "https://tw.example/p.png" }] } },
    expectMeta: { id: "141981764", name: "TwitchDev", username: "twitchdev", email: "t@example.com", avatarUrl: "https://tw.example/p.png" },
  },
  {
    provider: "vk",
    pkce: false,
    token: { user_id: 66748, email: "vk@example.com" },
    userPath: "/method/users.get?fields=photo_max,screen_name&v=5.131",
    routes: { "/method/users.get?fields=photo_max,screen_name&v=5.131": { response: [{ id: 66748, first_name: "Ivan", last_name: "Petrov", screen_name: "ivanp", photo_max: "https://vk.example/p.jpg" }] } },
    expectMeta: { id: "66748", name: "Ivan Petrov", username: "ivanp", email: "vk@example.com", avatarUrl: "https://vk.example/p.jpg" },
  },
];

const servers: Server[] = [];
const overrides: Record<string, { authUrl?: string; tokenUrl: string; userApiUrl: string }> = {};
let app: App;
let cairn: RunningServer;
let token = "";
let close: () => Promise<void>;

/** Reads a request body. */
const bodyOf = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = "";
    req.on("data", (d) => (s += d));
    req.on("end", () => resolve(s));
  });

/** A provider's token endpoint and API on 127.0.0.1, strict about what the provider checks. */
async function providerServer(f: Family, extraToken: () => Promise<Record<string, unknown>> = async () => ({})): Promise<string> {
  const port = await freePort();
  const server = createServer(async (req, res) => {
    const json = (status: number, v: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(v));
    };
    if (req.method === "POST" && req.url === "/token") {
      const form = new URLSearchParams(await bodyOf(req));
      const basic = req.headers.authorization?.startsWith("Basic ")
        ? Buffer.from(req.headers.authorization.slice(6), "base64").toString().split(":").map(decodeURIComponent)
        : [form.get("client_id"), form.get("client_secret")];
      const ok =
        form.get("grant_type") === "authorization_code" &&
        form.get("code") === CODE &&
        form.get("redirect_uri") === REDIRECT &&
        basic[0] === CLIENT_ID &&
        basic[1] === CLIENT_SECRET &&
        (f.pkce ? form.get("code_verifier") === VERIFIER : !form.has("code_verifier"));
      if (!ok) return json(400, { error: "invalid_grant" });
      return json(200, { access_token: ACCESS, token_type: "bearer", expires_in: 3600, refresh_token: "the-refresh-token", ...f.token, ...(await extraToken()) });
    }
    if (req.headers.authorization !== `Bearer ${ACCESS}`) return json(401, { message: "Bad credentials" });
    for (const [k, v] of Object.entries(f.headers ?? {})) if (req.headers[k] !== v) return json(401, { message: `missing ${k}` });
    const route = f.routes[req.url ?? ""];
    return route === undefined ? json(404, { message: "Not Found" }) : json(200, route);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  servers.push(server);
  return `http://127.0.0.1:${port}`;
}

// Sign in with Apple: an RS256 id_token from "Apple", verified with the keys served at the userApiUrl.
const APPLE: Family = { provider: "apple", pkce: true, userPath: "/auth/keys", routes: {}, expectMeta: {} };
let appleKey: CryptoKey;

beforeAll(async () => {
  for (const f of FAMILIES) {
    const base = await providerServer(f);
    overrides[f.provider] = { tokenUrl: `${base}/token`, userApiUrl: `${base}${f.userPath}` };
  }
  const { publicKey, privateKey } = await generateKeyPair("RS256");
  appleKey = privateKey;
  APPLE.routes["/auth/keys"] = { keys: [{ ...(await exportJWK(publicKey)), kid: "test-kid", alg: "RS256", use: "sig" }] };
  // Keys are public: Apple serves them without the bearer token.
  const appleBase = await providerServer({ ...APPLE, routes: {} }, async () => ({
    id_token: await new SignJWT({ email: "apple@privaterelay.appleid.com", email_verified: "true", is_private_email: "true" })
      .setProtectedHeader({ alg: "RS256", kid: "test-kid" })
      .setIssuer("https://appleid.apple.com")
      .setAudience(CLIENT_ID)
      .setSubject("001234.abcdef.1234")
      .setIssuedAt()
      .setExpirationTime("10m")
      .sign(appleKey),
  }));
  const keysPort = await freePort();
  const keysServer = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(APPLE.routes["/auth/keys"]));
  });
  await new Promise<void>((resolve) => keysServer.listen(keysPort, "127.0.0.1", resolve));
  servers.push(keysServer);
  overrides.apple = { tokenUrl: `${appleBase}/token`, userApiUrl: `http://127.0.0.1:${keysPort}/auth/keys` };

  const dataDir = await cairnDataDir();
  app = await createApp({ dataDir, oauth2Endpoints: overrides });
  const http = buildServer(app);
  const port = await freePort();
  await http.listen({ host: "127.0.0.1", port });
  cairn = { name: "cairn", url: `http://127.0.0.1:${port}`, dataDir, stop: async () => undefined };
  close = async () => {
    await http.close();
    await app.close();
  };
  token = await adminToken(cairn);
  const settings: Record<string, unknown> = {};
  for (const p of [...FAMILIES.map((f) => f.provider), "apple"]) settings[`${p}Auth`] = { enabled: true, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET };
  expect((await call(cairn, { method: "PATCH", path: "/api/settings", token, body: settings })).status).toBe(200);
});

afterAll(async () => {
  await close?.();
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  cleanupTempDirs();
});

const signIn = (provider: string, pkce: boolean) =>
  call(cairn, {
    method: "POST",
    path: "/api/collections/users/auth-with-oauth2",
    body: { provider, code: CODE, redirectUrl: REDIRECT, ...(pkce ? { codeVerifier: VERIFIER } : {}) },
  });

describe("fixed-endpoint providers through the test endpoint override", () => {
  for (const f of FAMILIES) {
    it(`${f.provider}: exchanges the code and maps the user`, async () => {
      const res = await signIn(f.provider, f.pkce);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const body = res.body as { meta: Record<string, unknown>; record: Record<string, unknown>; token: string };
      expect(body.meta).toMatchObject({ ...f.expectMeta, accessToken: ACCESS, refreshToken: "the-refresh-token", isNew: true });
      expect(body.meta.rawUser).toEqual(f.routes[f.userPath]);
      expect(String(body.meta.expiry)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(body.record).toMatchObject({ email: f.expectMeta.email, verified: true });
      const u = String(f.expectMeta.username);
      if (u.length >= 3 && /^[\w][\w.-]*$/.test(u)) expect(body.record.username).toBe(u);
      // The same provider account signs the same record in again.
      const again = await signIn(f.provider, f.pkce);
      expect((again.body as { record: { id: string }; meta: { isNew: boolean } }).record.id).toBe(body.record.id);
      expect((again.body as { meta: { isNew: boolean } }).meta.isNew).toBe(false);
    });
  }

  it("apple: verifies the id_token with Apple's keys and maps its claims", async () => {
    const res = await signIn("apple", true);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body as { meta: Record<string, unknown>; record: Record<string, unknown> };
    expect(body.meta).toMatchObject({ id: "001234.abcdef.1234", email: "apple@privaterelay.appleid.com", isNew: true });
    expect(body.meta.rawUser).toMatchObject({ iss: "https://appleid.apple.com", aud: CLIENT_ID, sub: "001234.abcdef.1234" });
    expect(body.record).toMatchObject({ email: "apple@privaterelay.appleid.com", verified: true });
  });

  it("refuses a code the provider refuses, and a PKCE provider without the right verifier", async () => {
    const bad = await call(cairn, { method: "POST", path: "/api/collections/users/auth-with-oauth2", body: { provider: "google", code: "other", redirectUrl: REDIRECT, codeVerifier: VERIFIER } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ code: 400, message: "Something went wrong while processing your request.", data: {} });
    const noVerifier = await signIn("google", false);
    expect(noVerifier.status).toBe(400);
  });

  it("deletes a record's links with the record", async () => {
    const first = await signIn("google", true);
    const id = String((first.body as { record: { id: string } }).record.id);
    expect(await externalAuthsRepo.listForRecord(app.db, "_pb_users_auth_", id)).toHaveLength(1);
    expect((await call(cairn, { method: "DELETE", path: `/api/collections/users/records/${id}`, token })).status).toBe(204);
    expect(await externalAuthsRepo.listForRecord(app.db, "_pb_users_auth_", id)).toHaveLength(0);
    // The provider account then signs up anew.
    const again = await signIn("google", true);
    expect((again.body as { meta: { isNew: boolean } }).meta.isNew).toBe(true);
  });

  it("drops links made while the email was unproven once the email is verified", async () => {
    const created = await call(cairn, { method: "POST", path: "/api/collections/users/records", body: { email: "pv@example.com", password: "1234567890", passwordConfirm: "1234567890" } });
    const id = String((created.body as { id: string }).id);
    // A link made while the address was unproven (e.g. by whoever registered it first).
    await app.db.transaction((tx) => externalAuthsRepo.insert(tx, "_pb_users_auth_", id, "twitter", "someone-else"));
    const record = (await recordsRepo.findById(app.db, "users", id))!;
    const verification = await signToken(
      { id, type: "authRecord", collectionId: "_pb_users_auth_", email: "pv@example.com" },
      String(record.tokenKey) + app.settings.get().recordVerificationToken.secret,
      600,
    );
    const res = await call(cairn, { method: "POST", path: "/api/collections/users/confirm-verification", body: { token: verification } });
    expect(res.status).toBe(204);
    expect(await externalAuthsRepo.listForRecord(app.db, "_pb_users_auth_", id)).toEqual([]);
  });

  it("lists the providers' auth URLs in auth-methods from the same definitions", async () => {
    const res = await call(cairn, { path: "/api/collections/users/auth-methods" });
    const providers = (res.body as { authProviders: { name: string; authUrl: string; codeChallengeMethod: string }[] }).authProviders;
    expect(providers.map((p) => p.name)).toEqual([...FAMILIES.map((f) => f.provider), "apple"].sort());
    const github = providers.find((p) => p.name === "github")!;
    expect(github.authUrl).toMatch(/^https:\/\/github\.com\/login\/oauth\/authorize\?client_id=client-id&code_challenge=.+&code_challenge_method=S256&response_type=code&scope=read%3Auser\+user%3Aemail&state=.+&redirect_uri=$/);
    expect(providers.find((p) => p.name === "bitbucket")!.codeChallengeMethod).toBe("");
    expect(providers.find((p) => p.name === "apple")!.authUrl).toContain("response_mode=form_post");
  });
});
