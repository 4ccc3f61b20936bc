import { describe, expect, it } from "vitest";
import { clearProviderFields, initialProviderForm, PROVIDERS, providerConfig, providerTitle, shortKey, splitProviders, validateProvider, withOptionDefaults, type ProviderConfig } from "./providers";

const full: ProviderConfig = { enabled: true, clientId: "id", clientSecret: "******", authUrl: "https://a", tokenUrl: "https://t", userApiUrl: "https://u", displayName: "Mine", pkce: true };
const byKey = (k: string) => PROVIDERS.find((p) => p.key === k)!;

describe("providers list", () => {
  it("holds every provider key of the spec", () => {
    expect(PROVIDERS.map((p) => p.key)).toEqual([
      "appleAuth", "googleAuth", "microsoftAuth", "yandexAuth", "facebookAuth", "instagramAuth", "githubAuth", "gitlabAuth", "bitbucketAuth", "giteeAuth", "giteaAuth",
      "discordAuth", "twitterAuth", "kakaoAuth", "vkAuth", "spotifyAuth", "twitchAuth", "patreonAuth", "stravaAuth", "livechatAuth", "mailcowAuth", "planningcenterAuth",
      "oidcAuth", "oidc2Auth", "oidc3Auth",
    ]);
  });
  it("shows the key without its last four characters", () => {
    expect(shortKey("googleAuth")).toBe("google");
    expect(shortKey("oidc2Auth")).toBe("oidc2");
  });
  it("titles a linked account's provider name as the settings list does", () => {
    expect(providerTitle("google")).toBe("Google");
    expect(providerTitle("github")).toBe("GitHub");
    expect(providerTitle("oidc2")).toBe("(2) OpenID Connect");
    expect(providerTitle("custom")).toBe("Custom");
  });
  it("puts enabled providers first, each group in definition order", () => {
    const { enabled, disabled } = splitProviders({ githubAuth: { enabled: true }, appleAuth: { enabled: true }, googleAuth: { enabled: false } });
    expect(enabled.map((p) => p.key)).toEqual(["appleAuth", "githubAuth"]);
    expect(disabled[0].key).toBe("googleAuth");
    expect(disabled).toHaveLength(PROVIDERS.length - 2);
  });
});

describe("Clear all fields", () => {
  it("empties every value and sets pkce to false for OIDC providers", () => {
    for (const key of ["oidcAuth", "oidc2Auth", "oidc3Auth"]) {
      expect(clearProviderFields(key, { ...full, extra: 5 })).toEqual({ enabled: false, clientId: "", clientSecret: "", authUrl: "", tokenUrl: "", userApiUrl: "", displayName: "", pkce: false, extra: 0 });
    }
  });
  it("sets pkce to null for every other provider", () => {
    expect(clearProviderFields("googleAuth", full).pkce).toBeNull();
    expect(clearProviderFields("appleAuth", { ...full, pkce: false }).pkce).toBeNull();
    expect(clearProviderFields("googleAuth", full).clientSecret).toBe("");
  });
});

describe("opening the popup", () => {
  it("starts a never-configured provider enabled with pkce null", () => {
    expect(initialProviderForm(providerConfig({}, "googleAuth"))).toMatchObject({ enabled: true, pkce: null });
    expect(initialProviderForm(providerConfig({ googleAuth: { enabled: false, clientId: "x", pkce: false } }, "googleAuth"))).toMatchObject({ enabled: false, pkce: false });
  });
  it("gives OIDC a default display name and pkce on, leaving other providers alone", () => {
    expect(withOptionDefaults("oidcAuth", providerConfig({}, "oidcAuth"))).toMatchObject({ displayName: "OIDC", pkce: true });
    expect(withOptionDefaults("oidcAuth", { ...full, pkce: false }).pkce).toBe(false);
    expect(withOptionDefaults("googleAuth", providerConfig({}, "googleAuth")).pkce).toBeNull();
  });
});

describe("provider validation", () => {
  it("requires client id and secret only when enabled", () => {
    const empty = providerConfig({}, "googleAuth");
    expect(validateProvider(byKey("googleAuth"), empty)).toEqual({});
    expect(validateProvider(byKey("googleAuth"), { ...empty, enabled: true })).toEqual({ "googleAuth.clientId": "Cannot be blank.", "googleAuth.clientSecret": "Cannot be blank." });
  });
  it("requires the OIDC display name and URL endpoints while enabled", () => {
    const e = validateProvider(byKey("oidcAuth"), { ...full, displayName: "", authUrl: "", tokenUrl: "not a url" });
    expect(e).toEqual({ "oidcAuth.displayName": "Cannot be blank.", "oidcAuth.authUrl": "Cannot be blank.", "oidcAuth.tokenUrl": "Must be a valid URL." });
  });
  it("requires mailcow endpoints and checks optional self-hosted ones only when given", () => {
    expect(Object.keys(validateProvider(byKey("mailcowAuth"), { ...full, authUrl: "", tokenUrl: "", userApiUrl: "" }))).toEqual(["mailcowAuth.authUrl", "mailcowAuth.tokenUrl", "mailcowAuth.userApiUrl"]);
    expect(validateProvider(byKey("gitlabAuth"), { ...full, authUrl: "", tokenUrl: "", userApiUrl: "" })).toEqual({});
    expect(validateProvider(byKey("giteaAuth"), { ...full, authUrl: "gitea.local" })).toEqual({ "giteaAuth.authUrl": "Must be a valid URL." });
  });
});
