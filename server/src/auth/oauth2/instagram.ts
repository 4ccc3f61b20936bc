import { profileUser } from "./mapping.js";
import { defineProvider, text } from "./provider.js";

/** Instagram basic display: `me` with id and username; no email. */
export default defineProvider({
  name: "instagram",
  displayName: "Instagram",
  authUrl: "https://api.instagram.com/oauth/authorize",
  tokenUrl: "https://api.instagram.com/oauth/access_token",
  userApiUrl: "https://graph.instagram.com/me?fields=id,username,account_type",
  scopes: ["user_profile"],
  pkce: true,
  fetchUser: profileUser((raw) => ({ id: text(raw.id), name: "", username: text(raw.username), email: "", avatarUrl: "" })),
});
