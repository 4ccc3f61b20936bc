import { defineProvider, get, text } from "./provider.js";

/** Twitch: Helix `users` (it wants the client id header too). */
export default defineProvider({
  name: "twitch",
  displayName: "Twitch",
  authUrl: "https://id.twitch.tv/oauth2/authorize",
  tokenUrl: "https://id.twitch.tv/oauth2/token",
  userApiUrl: "https://api.twitch.tv/helix/users",
  scopes: ["user:read:email"],
  pkce: true,
  async fetchUser({ getJson, endpoints, clientId }) {
    const raw = (await getJson(endpoints.userApiUrl, { "Client-Id": clientId })) as Record<string, unknown>;
    const user = get(raw, "data", 0);
    return {
      rawUser: raw,
      id: text(get(user, "id")),
      name: text(get(user, "display_name")),
      username: text(get(user, "login")),
      email: text(get(user, "email")),
      avatarUrl: text(get(user, "profile_image_url")),
    };
  },
});
