import { profileUserWithEmailList } from "./mapping.js";
import { defineProvider, text } from "./provider.js";

/** GitHub: the user profile plus `/user/emails` for the primary verified address. */
export default defineProvider({
  name: "github",
  displayName: "GitHub",
  authUrl: "https://github.com/login/oauth/authorize",
  tokenUrl: "https://github.com/login/oauth/access_token",
  userApiUrl: "https://api.github.com/user",
  scopes: ["read:user", "user:email"],
  pkce: true,
  fetchUser: profileUserWithEmailList({ email: "email", primary: "primary", verified: "verified" }, (raw) => ({
    id: text(raw.id),
    name: text(raw.name),
    username: text(raw.login),
    avatarUrl: text(raw.avatar_url),
  })),
});
