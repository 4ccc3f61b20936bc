import { profileUser } from "./mapping.js";
import { defineProvider, get, text } from "./provider.js";

/** Facebook: the Graph API `me` with name, email and the large picture. */
export default defineProvider({
  name: "facebook",
  displayName: "Facebook",
  authUrl: "https://www.facebook.com/v3.2/dialog/oauth",
  tokenUrl: "https://graph.facebook.com/v3.2/oauth/access_token",
  userApiUrl: "https://graph.facebook.com/me?fields=name,email,picture.type(large)",
  scopes: ["email"],
  pkce: true,
  fetchUser: profileUser((raw) => ({
    id: text(raw.id),
    name: text(raw.name),
    username: "",
    email: text(raw.email),
    avatarUrl: text(get(raw, "picture", "data", "url")),
  })),
});
