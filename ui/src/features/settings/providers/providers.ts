import { required } from "../../../lib/validation";
import { compactErrors, type ErrorMap } from "../formModel";
import { url } from "../settingsValidation";

/** Which extra options a provider's popup shows. */
export type ProviderOptionsKind = "none" | "apple" | "microsoft" | "selfHosted" | "mailcow" | "oidc";

export interface ProviderDef {
  key: string;
  title: string;
  /** Logo tile: a brand-like colour (white on it) and the initials shown where no glyph exists (ProviderLogo). */
  logo: { text: string; color: string };
  options: ProviderOptionsKind;
}

export interface ProviderConfig {
  enabled: boolean;
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  userApiUrl: string;
  displayName: string;
  pkce: boolean | null;
  [extra: string]: unknown;
}

const def = (key: string, title: string, text: string, color: string, options: ProviderOptionsKind = "none"): ProviderDef => ({ key, title, logo: { text, color }, options });

/** Every OAuth2 provider of the settings, in the spec's order. */
export const PROVIDERS: ProviderDef[] = [
  def("appleAuth", "Apple", "A", "#1b1f24", "apple"),
  def("googleAuth", "Google", "G", "#1a73e8"),
  def("microsoftAuth", "Microsoft", "M", "#00703c", "microsoft"),
  def("yandexAuth", "Yandex", "Y", "#c4261d"),
  def("facebookAuth", "Facebook", "f", "#1464d8"),
  def("instagramAuth", "Instagram", "Ig", "#b3226b"),
  def("githubAuth", "GitHub", "GH", "#24292f"),
  def("gitlabAuth", "GitLab", "GL", "#b4461b", "selfHosted"),
  def("bitbucketAuth", "Bitbucket", "B", "#0052cc"),
  def("giteeAuth", "Gitee", "Ge", "#b8121c"),
  def("giteaAuth", "Gitea", "Ga", "#4b7a1f", "selfHosted"),
  def("discordAuth", "Discord", "D", "#4752c4"),
  def("twitterAuth", "Twitter", "X", "#0f1419"),
  def("kakaoAuth", "Kakao", "K", "#6b5a00"),
  def("vkAuth", "VK", "VK", "#0063d6"),
  def("spotifyAuth", "Spotify", "S", "#137a3a"),
  def("twitchAuth", "Twitch", "T", "#7132d6"),
  def("patreonAuth", "Patreon", "P", "#b8332a"),
  def("stravaAuth", "Strava", "St", "#c23b00"),
  def("livechatAuth", "LiveChat", "LC", "#d6261f"),
  def("mailcowAuth", "mailcow", "mc", "#146a9c", "mailcow"),
  def("planningcenterAuth", "Planning Center", "PC", "#1f5fa8"),
  def("oidcAuth", "OpenID Connect", "ID", "#a34700", "oidc"),
  def("oidc2Auth", "(2) OpenID Connect", "ID", "#a34700", "oidc"),
  def("oidc3Auth", "(3) OpenID Connect", "ID", "#a34700", "oidc"),
];

export const DEFAULT_OIDC_DISPLAY_NAME = "OIDC";

/** The key without its last four characters ("googleAuth" -> "google"). */
export function shortKey(key: string): string {
  return key.slice(0, -4);
}

/** The provider a linked account names ("google"), if known. */
export function providerDef(name: string): ProviderDef | undefined {
  return PROVIDERS.find((p) => shortKey(p.key) === name);
}

/** A linked account's provider name as its title ("google" -> "Google", "github" -> "GitHub"); unknown names are capitalized. */
export function providerTitle(name: string): string {
  const def = providerDef(name);
  if (def) return def.title;
  return name ? name[0].toUpperCase() + name.slice(1) : name;
}

export function isOidc(key: string): boolean {
  return key.startsWith("oidc");
}

const EMPTY: ProviderConfig = { enabled: false, clientId: "", clientSecret: "", authUrl: "", tokenUrl: "", userApiUrl: "", displayName: "", pkce: null };

export function providerConfig(settings: Record<string, unknown> | null | undefined, key: string): ProviderConfig {
  const raw = settings?.[key];
  return { ...EMPTY, ...(raw && typeof raw === "object" ? (raw as Partial<ProviderConfig>) : {}) };
}

/** Enabled providers first, then the disabled ones; each group keeps the definition order. */
export function splitProviders(settings: Record<string, unknown> | null | undefined): { enabled: ProviderDef[]; disabled: ProviderDef[] } {
  const enabled: ProviderDef[] = [];
  const disabled: ProviderDef[] = [];
  for (const p of PROVIDERS) (providerConfig(settings, p.key).enabled ? enabled : disabled).push(p);
  return { enabled, disabled };
}

/** Never configured: disabled and no client id was ever stored. */
export function isNeverConfigured(config: ProviderConfig): boolean {
  return !config.enabled && !config.clientId;
}

/** The form a provider popup opens with: a never-configured provider starts enabled with pkce null. */
export function initialProviderForm(config: ProviderConfig): ProviderConfig {
  return isNeverConfigured(config) ? { ...config, enabled: true, pkce: null } : { ...config };
}

/** The options' own defaults (OIDC: display name 'OIDC' and pkce on), applied when they are unset. */
export function withOptionDefaults(key: string, config: ProviderConfig): ProviderConfig {
  if (!isOidc(key)) return config;
  return { ...config, displayName: config.displayName || DEFAULT_OIDC_DISPLAY_NAME, pkce: config.pkce === null || config.pkce === undefined ? true : config.pkce };
}

function emptyOf(v: unknown): unknown {
  if (typeof v === "string") return "";
  if (typeof v === "boolean") return false;
  if (typeof v === "number") return 0;
  if (Array.isArray(v)) return [];
  if (v && typeof v === "object") return Object.fromEntries(Object.keys(v).map((k) => [k, emptyOf((v as Record<string, unknown>)[k])]));
  return null;
}

/** 'Clear all fields': every value to its empty value; pkce false for OIDC providers, null for the others. */
export function clearProviderFields(key: string, config: ProviderConfig): ProviderConfig {
  const cleared = emptyOf(config) as ProviderConfig;
  cleared.pkce = isOidc(key) ? false : null;
  return cleared;
}

/** Client id and secret when enabled; OIDC and mailcow endpoints required (OIDC also the display name); other endpoints must be URLs when given. */
export function validateProvider(def: ProviderDef, c: ProviderConfig): ErrorMap {
  if (!c.enabled) return {};
  const k = def.key;
  const e: Record<string, string> = { [`${k}.clientId`]: required(c.clientId), [`${k}.clientSecret`]: required(c.clientSecret) };
  const endpoints = ["authUrl", "tokenUrl", "userApiUrl"] as const;
  if (def.options === "oidc" || def.options === "mailcow") {
    if (def.options === "oidc") e[`${k}.displayName`] = required(c.displayName);
    for (const f of endpoints) e[`${k}.${f}`] = url(c[f]);
  } else {
    for (const f of endpoints) if (String(c[f] ?? "").trim()) e[`${k}.${f}`] = url(c[f]);
  }
  return compactErrors(e);
}
