import { primaryVerifiedEmail, userEmailsUrl } from "./emails.js";
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
  async fetchUser({ getJson, endpoints }) {
    const raw = (await getJson(endpoints.userApiUrl)) as Record<string, unknown>;
    const emails = await getJson(userEmailsUrl(endpoints.userApiUrl));
    return {
      rawUser: raw,
      id: text(raw.id),
      name: text(raw.full_name),
      username: text(raw.login),
      email: primaryVerifiedEmail(emails, { email: "email", primary: "primary", verified: "verified" }),
      avatarUrl: text(raw.avatar_url),
    };
  },
});
