import { profileUser } from "./mapping.js";
import { defineProvider, get, text, truthy } from "./provider.js";

/** Kakao: `v2/user/me`; the account email only when valid and verified. */
export default defineProvider({
  name: "kakao",
  displayName: "Kakao",
  authUrl: "https://kauth.kakao.com/oauth/authorize",
  tokenUrl: "https://kauth.kakao.com/oauth/token",
  userApiUrl: "https://kapi.kakao.com/v2/user/me",
  scopes: ["account_email", "profile_nickname", "profile_image"],
  pkce: true,
  fetchUser: profileUser((raw) => {
    const ok = truthy(get(raw, "kakao_account", "is_email_valid")) && truthy(get(raw, "kakao_account", "is_email_verified"));
    return {
      id: text(raw.id),
      name: "",
      username: text(get(raw, "properties", "nickname")),
      email: ok ? text(get(raw, "kakao_account", "email")) : "",
      avatarUrl: text(get(raw, "properties", "profile_image")),
    };
  }),
});
