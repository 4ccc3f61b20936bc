import { describe } from "vitest";
import { differential, type DiffCase } from "../../../test/support/differential.js";

/**
 * Every refusal of auth-with-oauth2 that needs no provider (and the external-auths
 * endpoints' refusals), sent to Cairn and to the reference binary: same status, same body.
 */
const P = "/api/collections/users/auth-with-oauth2";
const post = (body: unknown, path = P) => ({ method: "POST", path, body });

const cases: DiffCase[] = [
  { name: "missing collection", req: () => post({}, "/api/collections/nope/auth-with-oauth2") },
  { name: "empty body", req: () => ({ method: "POST", path: P }) },
  { name: "empty object: code, provider and redirectUrl required", req: () => post({}) },
  { name: "malformed JSON", req: () => ({ method: "POST", path: P, rawBody: "{x" }) },
  { name: "array body", req: () => post([1]) },
  { name: "wrong field types", req: () => post({ provider: 1, code: true, redirectUrl: {} }) },
  { name: "createData not an object", req: () => post({ provider: "oidc", code: "c", redirectUrl: "r", createData: 5 }) },
  { name: "createData an array", req: () => post({ provider: "oidc", code: "c", redirectUrl: "r", createData: [] }) },
  { name: "unknown provider", req: () => post({ provider: "nope", code: "x", redirectUrl: "y" }) },
  { name: "disabled provider", req: () => post({ provider: "google", code: "x", redirectUrl: "y" }) },
  { name: "provider only", req: () => post({ provider: "github" }) },
  {
    name: "enable oidc with an unreachable token endpoint",
    req: (ctx) => ({
      method: "PATCH",
      path: "/api/settings",
      token: ctx.token,
      body: {
        oidcAuth: { enabled: true, clientId: "id", clientSecret: "secret", displayName: "X", authUrl: "http://127.0.0.1:1/auth", tokenUrl: "http://127.0.0.1:1/token", userApiUrl: "http://127.0.0.1:1/me" },
      },
    }),
    compare: "status",
  },
  { name: "enabled provider, missing code", req: () => post({ provider: "oidc", redirectUrl: "y" }) },
  { name: "failed code exchange", req: () => post({ provider: "oidc", code: "x", redirectUrl: "http://127.0.0.1:9/cb", codeVerifier: "v" }) },
  { name: "external auths: guest", req: () => ({ path: "/api/collections/users/records/aaaaaaaaaaaaaaa/external-auths" }) },
  { name: "external auths: missing record", req: (ctx) => ({ path: "/api/collections/users/records/aaaaaaaaaaaaaaa/external-auths", token: ctx.token }) },
  { name: "external auths: missing collection", req: (ctx) => ({ path: "/api/collections/nope/records/aaaaaaaaaaaaaaa/external-auths", token: ctx.token }) },
  { name: "external auths delete: guest", req: () => ({ method: "DELETE", path: "/api/collections/users/records/aaaaaaaaaaaaaaa/external-auths/google" }) },
  { name: "external auths delete: missing record", req: (ctx) => ({ method: "DELETE", path: "/api/collections/users/records/aaaaaaaaaaaaaaa/external-auths/google", token: ctx.token }) },
  {
    name: "create a base collection",
    req: (ctx) => ({ method: "POST", path: "/api/collections", token: ctx.token, body: { name: "posts", type: "base", schema: [{ name: "title", type: "text" }] } }),
    compare: "status",
  },
  { name: "base collection", req: () => post({}, "/api/collections/posts/auth-with-oauth2") },
  { name: "external auths of a base collection", req: (ctx) => ({ path: "/api/collections/posts/records/aaaaaaaaaaaaaaa/external-auths", token: ctx.token }) },
  {
    name: "turn OAuth2 off for users",
    req: (ctx) => ({ method: "PATCH", path: "/api/collections/users", token: ctx.token, body: { options: { allowOAuth2Auth: false } } }),
    compare: "status",
  },
  { name: "OAuth2 off", req: () => post({ provider: "oidc", code: "x", redirectUrl: "y" }) },
  { name: "OAuth2 off, malformed body", req: () => ({ method: "POST", path: P, rawBody: "{x" }) },
  { name: "auth-methods lists no provider when OAuth2 is off", req: () => ({ path: "/api/collections/users/auth-methods" }) },
];

describe("auth-with-oauth2 and external-auths refusals", () => {
  differential(cases);
});
