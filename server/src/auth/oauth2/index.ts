import apple from "./apple.js";
import bitbucket from "./bitbucket.js";
import discord from "./discord.js";
import facebook from "./facebook.js";
import gitea from "./gitea.js";
import gitee from "./gitee.js";
import github from "./github.js";
import gitlab from "./gitlab.js";
import google from "./google.js";
import instagram from "./instagram.js";
import kakao from "./kakao.js";
import livechat from "./livechat.js";
import mailcow from "./mailcow.js";
import microsoft from "./microsoft.js";
import { oidc, oidc2, oidc3 } from "./oidc.js";
import patreon from "./patreon.js";
import planningcenter from "./planningcenter.js";
import spotify from "./spotify.js";
import strava from "./strava.js";
import twitch from "./twitch.js";
import twitter from "./twitter.js";
import vk from "./vk.js";
import yandex from "./yandex.js";
import type { Endpoints, ProviderDefinition } from "./provider.js";

/** Every OAuth2 provider of the settings (`<name>Auth`), by name. */
export const PROVIDERS: ReadonlyMap<string, ProviderDefinition> = new Map(
  [
    apple, bitbucket, discord, facebook, gitea, gitee, github, gitlab, google, instagram, kakao, livechat, mailcow,
    microsoft, oidc, oidc2, oidc3, patreon, planningcenter, spotify, strava, twitch, twitter, vk, yandex,
  ].map((p) => [p.name, p]),
);

/** A provider's settings entry (the fields this module reads). */
export interface ProviderSettings {
  enabled?: boolean;
  clientId?: string;
  clientSecret?: string;
  authUrl?: string;
  tokenUrl?: string;
  userApiUrl?: string;
  displayName?: string;
  pkce?: boolean | null;
}

/** Test-only endpoint replacements by provider name (see `endpointOverrides`). */
export type EndpointOverrides = Record<string, Partial<Endpoints>>;

/**
 * Endpoint replacements from the `CAIRN_OAUTH2_TEST_ENDPOINTS` environment variable
 * (JSON `{"google": {"tokenUrl": "http://127.0.0.1:..."}}`), read only when it is set, so
 * tests can point fixed-endpoint providers at local servers. Never set it in production.
 */
export function endpointOverridesFromEnv(env: NodeJS.ProcessEnv = process.env): EndpointOverrides {
  const raw = env.CAIRN_OAUTH2_TEST_ENDPOINTS;
  if (!raw) return {};
  try {
    const parsed = JSON.parse(raw) as unknown;
    return parsed && typeof parsed === "object" ? (parsed as EndpointOverrides) : {};
  } catch {
    return {};
  }
}

/**
 * A provider's endpoints: the settings' URLs when set (self-hosted GitLab/Gitea, Azure AD
 * tenants, OIDC, mailcow; any provider accepts them), else a test override, else the
 * provider's own.
 */
export function providerEndpoints(def: ProviderDefinition, cfg: ProviderSettings, overrides: EndpointOverrides = {}): Endpoints {
  const o = overrides[def.name] ?? {};
  return {
    authUrl: cfg.authUrl || o.authUrl || def.authUrl,
    tokenUrl: cfg.tokenUrl || o.tokenUrl || def.tokenUrl,
    userApiUrl: cfg.userApiUrl || o.userApiUrl || def.userApiUrl,
  };
}

/** Whether a provider uses PKCE: the settings' explicit choice, else the provider's default. */
export function usesPkce(def: ProviderDefinition, cfg: ProviderSettings): boolean {
  return typeof cfg.pkce === "boolean" ? cfg.pkce : def.pkce;
}
