import { primaryVerifiedEmail } from "./emails.js";
import { defineProvider, get, text } from "./provider.js";

/** Gitee: `/api/v5/user` plus `/api/v5/emails` (a confirmed primary address). */
export default defineProvider({
  name: "gitee",
  displayName: "Gitee",
  authUrl: "https://gitee.com/oauth/authorize",
  tokenUrl: "https://gitee.com/oauth/token",
  userApiUrl: "https://gitee.com/api/v5/user",
  scopes: ["user_info", "emails"],
  pkce: true,
  async fetchUser({ getJson, endpoints }) {
    const raw = (await getJson(endpoints.userApiUrl)) as Record<string, unknown>;
    const list = await getJson(endpoints.userApiUrl.replace(/\/user\/?$/, "/emails"));
    const confirmed = Array.isArray(list)
      ? list.map((e) => ({
          email: get(e, "email"),
          primary: Array.isArray(get(e, "scope")) && (get(e, "scope") as unknown[]).includes("primary"),
          verified: get(e, "state") === "confirmed",
        }))
      : [];
    return {
      rawUser: raw,
      id: text(raw.id),
      name: text(raw.name),
      username: text(raw.login),
      email: primaryVerifiedEmail(confirmed, { email: "email", primary: "primary", verified: "verified" }),
      avatarUrl: text(raw.avatar_url),
    };
  },
});
