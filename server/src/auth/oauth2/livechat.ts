import { profileUser } from "./mapping.js";
import { defineProvider, text, truthy } from "./provider.js";

/** LiveChat: `v2/accounts/me`; the email only when verified. */
export default defineProvider({
  name: "livechat",
  displayName: "LiveChat",
  authUrl: "https://accounts.livechat.com/",
  tokenUrl: "https://accounts.livechat.com/v2/token",
  userApiUrl: "https://accounts.livechat.com/v2/accounts/me",
  scopes: [],
  pkce: true,
  fetchUser: profileUser((raw) => ({
    id: text(raw.account_id),
    name: text(raw.name),
    username: "",
    email: truthy(raw.email_verified) ? text(raw.email) : "",
    avatarUrl: text(raw.avatar_url),
  })),
});
