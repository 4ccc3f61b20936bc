/**
 * The shared part of the OAuth2 providers: what a provider definition declares (endpoints,
 * scopes, PKCE, how its user payload maps to the sign-in user) and the HTTP calls every
 * provider makes the same way (code exchange, JSON reads with the access token).
 */

/** The provider user as the reference reports it in `meta` (without `isNew`). */
export interface OAuth2User {
  id: string;
  name: string;
  username: string;
  email: string;
  avatarUrl: string;
  accessToken: string;
  refreshToken: string;
  /** Token expiry as `YYYY-MM-DD HH:MM:SS.sssZ`, or "" when the provider gave none. */
  expiry: string;
  rawUser: Record<string, unknown>;
}

/** A token endpoint's answer. */
export interface TokenSet {
  accessToken: string;
  refreshToken: string;
  expiresIn: number | null;
  /** Every field of the answer (id_token, email, ...). */
  raw: Record<string, unknown>;
}

export interface Endpoints {
  authUrl: string;
  tokenUrl: string;
  userApiUrl: string;
}

/** What a provider's user mapping gets: the token, the endpoints and a JSON reader. */
export interface FetchContext {
  token: TokenSet;
  endpoints: Endpoints;
  clientId: string;
  /** GETs JSON with `Authorization: Bearer <access token>` (plus extra headers). */
  getJson(url: string, headers?: Record<string, string>): Promise<unknown>;
}

/** The user fields a provider maps from its payload. */
export type MappedUser = Pick<OAuth2User, "id" | "name" | "username" | "email" | "avatarUrl" | "rawUser">;

export interface ProviderDefinition extends Endpoints {
  /** Settings key without "Auth" (e.g. "google"). */
  name: string;
  displayName: string;
  scopes: string[];
  /** Whether the provider uses PKCE unless the settings say otherwise. */
  pkce: boolean;
  /** Extra query parameters of the authorization URL. */
  authParams?: Record<string, string>;
  /** Reads the signed-in user with the access token. */
  fetchUser(ctx: FetchContext): Promise<MappedUser>;
}

/** A failed exchange or user read; the sign-in answers "Failed to authenticate.". */
export class OAuth2Error extends Error {}

const TIMEOUT_MS = 30_000;

/** A value as text: strings as is, numbers written out, anything else "". */
export function text(v: unknown): string {
  if (typeof v === "string") return v;
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  return "";
}

/** A nested value by path (`get(raw, "data", "attributes", "email")`). */
export function get(v: unknown, ...path: (string | number)[]): unknown {
  let cur = v;
  for (const key of path) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<string | number, unknown>)[key];
  }
  return cur;
}

/** true for `true`, `"true"` and 1 (providers differ on how they write a verified flag). */
export function truthy(v: unknown): boolean {
  return v === true || v === "true" || v === 1;
}

export const asObject = (v: unknown): Record<string, unknown> =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** Go's url.QueryEscape (only A-Z a-z 0-9 - _ . ~ stay, spaces become "+"), as the reference escapes URLs and credentials. */
export function queryEscape(s: string): string {
  return encodeURIComponent(s)
    .replace(/[!'()*]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase())
    .replace(/%20/g, "+");
}

async function request(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, redirect: "follow", signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    throw new OAuth2Error(`request to ${url} failed: ${String(err)}`);
  }
}

function parseTokenBody(body: string, contentType: string): Record<string, unknown> {
  if (/application\/x-www-form-urlencoded|text\/plain/.test(contentType)) {
    const params = new URLSearchParams(body);
    if (params.has("access_token") || params.has("error")) return Object.fromEntries(params);
  }
  try {
    return asObject(JSON.parse(body));
  } catch {
    return Object.fromEntries(new URLSearchParams(body));
  }
}

/**
 * Exchanges an authorization code at the token endpoint. Client credentials go in a Basic
 * header first and, when the endpoint refuses that, in the form body (as Go's oauth2
 * client auto-detects), so providers that want either work.
 */
export async function exchangeCode(opts: {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  code: string;
  redirectUrl: string;
  codeVerifier?: string;
}): Promise<TokenSet> {
  const form: Record<string, string> = { grant_type: "authorization_code", code: opts.code, redirect_uri: opts.redirectUrl };
  if (opts.codeVerifier !== undefined) form.code_verifier = opts.codeVerifier;
  const attempt = async (inHeader: boolean) => {
    const body = new URLSearchParams(form);
    const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded", accept: "application/json" };
    if (inHeader) {
      headers.authorization = "Basic " + Buffer.from(`${queryEscape(opts.clientId)}:${queryEscape(opts.clientSecret)}`).toString("base64");
    } else {
      body.set("client_id", opts.clientId);
      body.set("client_secret", opts.clientSecret);
    }
    const res = await request(opts.tokenUrl, { method: "POST", headers, body: body.toString() });
    const raw = parseTokenBody(await res.text(), res.headers.get("content-type") ?? "");
    return { ok: res.ok && !raw.error, raw };
  };
  let { ok, raw } = await attempt(true);
  if (!ok) ({ ok, raw } = await attempt(false));
  if (!ok) throw new OAuth2Error(`token exchange failed: ${JSON.stringify(raw)}`);
  const accessToken = text(raw.access_token);
  if (!accessToken) throw new OAuth2Error("server response missing access_token");
  const expires = Number(raw.expires_in);
  return {
    accessToken,
    refreshToken: text(raw.refresh_token),
    expiresIn: Number.isFinite(expires) && expires > 0 ? expires : null,
    raw,
  };
}

/** GETs a JSON document with the access token; a non-2xx answer is an OAuth2Error. */
export async function getJson(url: string, accessToken: string, headers: Record<string, string> = {}): Promise<unknown> {
  const res = await request(url, { headers: { authorization: `Bearer ${accessToken}`, accept: "application/json", ...headers } });
  const body = await res.text();
  if (!res.ok) throw new OAuth2Error(`${url} answered ${res.status}: ${body.slice(0, 200)}`);
  try {
    return JSON.parse(body);
  } catch {
    throw new OAuth2Error(`${url} did not answer JSON`);
  }
}

/** Declares a provider (a typed identity helper, so each module reads as a table). */
export function defineProvider(def: ProviderDefinition): ProviderDefinition {
  return def;
}
