import { profileUser } from "./mapping.js";
import { defineProvider, text } from "./provider.js";

/** GitLab (gitlab.com or self-hosted through the settings' URLs): `/api/v4/user`; the email only once confirmed. */
export default defineProvider({
  name: "gitlab",
  displayName: "GitLab",
  authUrl: "https://gitlab.com/oauth/authorize",
  tokenUrl: "https://gitlab.com/oauth/token",
  userApiUrl: "https://gitlab.com/api/v4/user",
  scopes: ["read_user"],
  pkce: true,
  fetchUser: profileUser((raw) => ({
    id: text(raw.id),
    name: text(raw.name),
    username: text(raw.username),
    email: raw.confirmed_at ? text(raw.email) : "",
    avatarUrl: text(raw.avatar_url),
  })),
});
