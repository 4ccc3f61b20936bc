import { defineProvider, text, truthy, type ProviderDefinition } from "./provider.js";

/**
 * A generic OpenID Connect provider (three slots: oidc, oidc2, oidc3). All endpoints come
 * from the settings; the user is the userinfo answer, its email used only when verified.
 */
function oidcProvider(name: string): ProviderDefinition {
  return defineProvider({
    name,
    displayName: "OIDC",
    authUrl: "",
    tokenUrl: "",
    userApiUrl: "",
    scopes: ["openid", "email", "profile"],
    pkce: true,
    async fetchUser({ getJson, endpoints }) {
      const raw = (await getJson(endpoints.userApiUrl)) as Record<string, unknown>;
      return {
        rawUser: raw,
        id: text(raw.sub),
        name: text(raw.name),
        username: text(raw.preferred_username),
        email: truthy(raw.email_verified) ? text(raw.email) : "",
        avatarUrl: text(raw.picture),
      };
    },
  });
}

export const oidc = oidcProvider("oidc");
export const oidc2 = oidcProvider("oidc2");
export const oidc3 = oidcProvider("oidc3");
