import { createHash } from "node:crypto";
import { queryEscape } from "../auth/oauth2/provider.js";
import { PROVIDERS, providerEndpoints, usesPkce, type EndpointOverrides, type ProviderSettings } from "../auth/oauth2/index.js";
import type { Settings } from "../models/settings.js";
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

/**
 * The enabled providers, sorted by name, each with a fresh state and (when PKCE is on) a
 * code verifier and its S256 challenge. The auth URL ends with an empty `redirect_uri=`
 * for the client to complete.
 */
export function enabledProviders(settings: Settings, overrides: EndpointOverrides = {}): ProviderInfo[] {
  const all = settings as unknown as Record<string, ProviderSettings | undefined>;
  const out: ProviderInfo[] = [];
  for (const name of [...PROVIDERS.keys()].sort()) {
    const cfg = all[`${name}Auth`];
    if (!cfg?.enabled) continue;
    const def = PROVIDERS.get(name)!;
    const pkce = usesPkce(def, cfg);
    const state = randomString(30);
    const codeVerifier = pkce ? randomString(43) : "";
    const codeChallenge = pkce ? createHash("sha256").update(codeVerifier).digest("base64url") : "";
    const params: Record<string, string> = { client_id: cfg.clientId ?? "", response_type: "code", state, ...def.authParams };
    if (def.scopes.length) params.scope = def.scopes.join(" ");
    if (pkce) Object.assign(params, { code_challenge: codeChallenge, code_challenge_method: "S256" });
    const query = Object.keys(params)
      .sort()
      .map((k) => `${queryEscape(k)}=${queryEscape(params[k]!)}`)
      .join("&");
    const base = providerEndpoints(def, cfg, overrides).authUrl;
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
