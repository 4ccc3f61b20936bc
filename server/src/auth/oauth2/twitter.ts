import { profileUser } from "./mapping.js";
import { defineProvider, get, text } from "./provider.js";

/** Twitter (X) OAuth 2.0: `2/users/me`; it shares no email. */
export default defineProvider({
  name: "twitter",
  displayName: "Twitter",
  authUrl: "https://twitter.com/i/oauth2/authorize",
  tokenUrl: "https://api.twitter.com/2/oauth2/token",
  userApiUrl: "https://api.twitter.com/2/users/me?user.fields=id,name,username,profile_image_url",
  scopes: ["users.read", "tweet.read"],
  pkce: true,
  fetchUser: profileUser((raw) => ({
    id: text(get(raw, "data", "id")),
    name: text(get(raw, "data", "name")),
    username: text(get(raw, "data", "username")),
    email: "",
    avatarUrl: text(get(raw, "data", "profile_image_url")),
  })),
});
