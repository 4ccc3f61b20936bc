import { profileUserWithEmailList } from "./mapping.js";
import { defineProvider, text } from "./provider.js";

/**
 * Gitea/Forgejo (gitea.com or self-hosted): `/api/v1/user` plus `/api/v1/user/emails`,
 * because an instance can be set up to skip email verification.
 */
export default defineProvider({
  name: "gitea",
  displayName: "Gitea",
  authUrl: "https://gitea.com/login/oauth/authorize",
  tokenUrl: "https://gitea.com/login/oauth/access_token",
  userApiUrl: "https://gitea.com/api/v1/user",
  scopes: ["read:user", "user:email"],
  pkce: true,
  fetchUser: profileUserWithEmailList({ email: "email", primary: "primary", verified: "verified" }, (raw) => ({
    id: text(raw.id),
    name: text(raw.full_name),
    username: text(raw.login),
    avatarUrl: text(raw.avatar_url),
  })),
});
