import { createServer, type Server } from "node:http";
import Provider from "oidc-provider";
import { freePort } from "./ports.js";

/** A user of the test OpenID Connect server, chosen per sign-in with `login_hint`. */
export interface OidcUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  preferred_username?: string;
  picture?: string;
}

export interface OidcServer {
  issuer: string;
  authUrl: string;
  tokenUrl: string;
  userApiUrl: string;
  clientId: string;
  clientSecret: string;
  /** Users known to the server, by sub. Tests add to it. */
  users: Map<string, OidcUser>;
  /**
   * Runs the browser part of a sign-in: opens `authUrl` (with redirect_uri and login_hint
   * appended), signs `sub` in and returns the query the provider redirects back with.
   */
  authorize(authUrl: string, redirectUrl: string, sub: string): Promise<URLSearchParams>;
  stop(): Promise<void>;
}

export interface OidcServerOptions {
  redirectUris: string[];
  /** Require PKCE (S256) for every authorization. */
  pkceRequired?: boolean;
}

/**
 * A real OpenID Connect provider (`oidc-provider`) on 127.0.0.1 with one confidential
 * client. The login step needs no browser: the interaction route signs in the account
 * named by the authorization request's `login_hint`, and grants are given automatically.
 */
export async function startOidcServer(opts: OidcServerOptions): Promise<OidcServer> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const users = new Map<string, OidcUser>();
  const clientId = "cairn-test-client";
  const clientSecret = "cairn-test-secret-0123456789";
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
      },
    ],
    pkce: { methods: ["S256"], required: () => opts.pkceRequired ?? false },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "preferred_username", "picture"] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ["cairn-test-cookie-key"] },
    findAccount: async (_ctx, sub) => {
      const user = users.get(sub);
      if (!user) return undefined;
      return { accountId: sub, claims: async () => ({ ...user }) };
    },
    loadExistingGrant: async (ctx) => {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  });
  const handler = provider.callback();
  const server: Server = createServer((req, res) => {
    const m = /^\/interaction\/([^/?]+)/.exec(req.url ?? "");
    if (!m) return handler(req, res);
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        const sub = String(details.params.login_hint ?? "");
        await provider.interactionFinished(req, res, { login: { accountId: sub } }, { mergeWithLastSubmission: false });
      } catch (err) {
        res.statusCode = 500;
        res.end(String(err));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));

  async function authorize(authUrl: string, redirectUrl: string, sub: string): Promise<URLSearchParams> {
    const jar = new Map<string, string>();
    let url = `${authUrl}${encodeURIComponent(redirectUrl)}&login_hint=${encodeURIComponent(sub)}`;
    for (let i = 0; i < 10; i++) {
      const res = await fetch(url, { redirect: "manual", headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") } });
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(";");
        const eq = pair!.indexOf("=");
        jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
      }
      const location = res.headers.get("location");
      if (!location) throw new Error(`authorization stopped at ${url}: ${res.status} ${await res.text()}`);
      const next = new URL(location, url);
      if (next.href.startsWith(redirectUrl)) return next.searchParams;
      url = next.href;
    }
    throw new Error("too many redirects during authorization");
  }

  return {
    issuer,
    authUrl: `${issuer}/auth`,
    tokenUrl: `${issuer}/token`,
    userApiUrl: `${issuer}/me`,
    clientId,
    clientSecret,
    users,
    authorize,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
