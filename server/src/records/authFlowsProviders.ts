import { createHash } from "node:crypto";
import type { Settings } from "../settings/types.js";
import { randomString } from "../tools/random.js";

/** What the sign-in page needs to start one OAuth2 provider's flow (as the reference's auth-methods lists it). */
export interface ProviderInfo {
  name: string;
  displayName: string;
  state: string;
  authUrl: string;
  codeVerifier: string;
  codeChallenge: string;
  codeChallengeMethod: string;
}

interface ProviderDefaults {
  displayName: string;
  authUrl: string;
  scopes: string[];
  pkce: boolean;
  extra?: Record<string, string>;
}

const OIDC: ProviderDefaults = { displayName: "OIDC", authUrl: "", scopes: ["openid", "email", "profile"], pkce: true };

/** The reference's OAuth2 providers, by settings name (`<name>Auth`), with their defaults. */
const PROVIDERS: Record<string, ProviderDefaults> = {
  apple: { displayName: "Apple", authUrl: "https://appleid.apple.com/auth/authorize", scopes: ["name", "email"], pkce: true, extra: { response_mode: "form_post" } },
  bitbucket: { displayName: "Bitbucket", authUrl: "https://bitbucket.org/site/oauth2/authorize", scopes: ["account"], pkce: false },
  discord: { displayName: "Discord", authUrl: "https://discord.com/api/oauth2/authorize", scopes: ["identify", "email"], pkce: true },
  facebook: { displayName: "Facebook", authUrl: "https://www.facebook.com/v3.2/dialog/oauth", scopes: ["email"], pkce: true },
  gitea: { displayName: "Gitea", authUrl: "https://gitea.com/login/oauth/authorize", scopes: ["read:user", "user:email"], pkce: true },
  gitee: { displayName: "Gitee", authUrl: "https://gitee.com/oauth/authorize", scopes: ["user_info", "emails"], pkce: true },
  github: { displayName: "GitHub", authUrl: "https://github.com/login/oauth/authorize", scopes: ["read:user", "user:email"], pkce: true },
  gitlab: { displayName: "GitLab", authUrl: "https://gitlab.com/oauth/authorize", scopes: ["read_user"], pkce: true },
  google: {
    displayName: "Google",
    authUrl: "https://accounts.google.com/o/oauth2/auth",
    scopes: ["https://www.googleapis.com/auth/userinfo.profile", "https://www.googleapis.com/auth/userinfo.email"],
    pkce: true,
  },
  instagram: { displayName: "Instagram", authUrl: "https://api.instagram.com/oauth/authorize", scopes: ["user_profile"], pkce: true },
  kakao: { displayName: "Kakao", authUrl: "https://kauth.kakao.com/oauth/authorize", scopes: ["account_email", "profile_nickname", "profile_image"], pkce: true },
  livechat: { displayName: "LiveChat", authUrl: "https://accounts.livechat.com/", scopes: [], pkce: true },
  mailcow: { displayName: "mailcow", authUrl: "", scopes: ["profile"], pkce: true },
  microsoft: { displayName: "Microsoft", authUrl: "https://login.microsoftonline.com/common/oauth2/v2.0/authorize", scopes: ["User.Read"], pkce: true },
  oidc: OIDC,
  oidc2: OIDC,
  oidc3: OIDC,
  patreon: { displayName: "Patreon", authUrl: "https://www.patreon.com/oauth2/authorize", scopes: ["identity", "identity[email]"], pkce: true },
  planningcenter: { displayName: "Planning Center", authUrl: "https://api.planningcenteronline.com/oauth/authorize", scopes: ["people"], pkce: true },
  spotify: { displayName: "Spotify", authUrl: "https://accounts.spotify.com/authorize", scopes: ["user-read-private"], pkce: true },
  strava: { displayName: "Strava", authUrl: "https://www.strava.com/oauth/authorize", scopes: ["profile:read_all"], pkce: true },
  twitch: { displayName: "Twitch", authUrl: "https://id.twitch.tv/oauth2/authorize", scopes: ["user:read:email"], pkce: true },
  twitter: { displayName: "Twitter", authUrl: "https://twitter.com/i/oauth2/authorize", scopes: ["users.read", "tweet.read"], pkce: true },
  vk: { displayName: "ВКонтакте", authUrl: "https://oauth.vk.com/authorize", scopes: ["email"], pkce: false },
  yandex: { displayName: "Yandex", authUrl: "https://oauth.yandex.com/authorize", scopes: ["login:email", "login:avatar", "login:info"], pkce: true },
};

interface ProviderSettings {
  enabled?: boolean;
  clientId?: string;
  authUrl?: string;
  displayName?: string;
  pkce?: boolean | null;
}

/** Query escaping as Go's url.QueryEscape: only A-Z a-z 0-9 - _ . ~ stay, spaces become "+". */
function queryEscape(s: string): string {
  return encodeURIComponent(s)
    .replace(/[!'()*]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase())
    .replace(/%20/g, "+");
}

/**
 * The enabled providers, sorted by name, each with a fresh state and (when PKCE is on) a
 * code verifier and its S256 challenge. The auth URL ends with an empty `redirect_uri=`
 * for the client to complete.
 */
export function enabledProviders(settings: Settings): ProviderInfo[] {
  const all = settings as unknown as Record<string, ProviderSettings | undefined>;
  const out: ProviderInfo[] = [];
  for (const name of Object.keys(PROVIDERS).sort()) {
    const cfg = all[`${name}Auth`];
    if (!cfg?.enabled) continue;
    const def = PROVIDERS[name]!;
    const pkce = typeof cfg.pkce === "boolean" ? cfg.pkce : def.pkce;
    const state = randomString(30);
    const codeVerifier = pkce ? randomString(43) : "";
    const codeChallenge = pkce ? createHash("sha256").update(codeVerifier).digest("base64url") : "";
    const params: Record<string, string> = { client_id: cfg.clientId ?? "", response_type: "code", state, ...def.extra };
    if (def.scopes.length) params.scope = def.scopes.join(" ");
    if (pkce) Object.assign(params, { code_challenge: codeChallenge, code_challenge_method: "S256" });
    const query = Object.keys(params)
      .sort()
      .map((k) => `${queryEscape(k)}=${queryEscape(params[k]!)}`)
      .join("&");
    const base = cfg.authUrl || def.authUrl;
    out.push({
      name,
      displayName: cfg.displayName || def.displayName,
      state,
      authUrl: `${base}${base.includes("?") ? "&" : "?"}${query}&redirect_uri=`,
      codeVerifier,
      codeChallenge,
      codeChallengeMethod: pkce ? "S256" : "",
    });
  }
  return out;
}
