import { profileUser } from "./mapping.js";
import { defineProvider, text, truthy } from "./provider.js";

/** Yandex: `login.yandex.ru/info`; the avatar URL is built from the avatar id. */
export default defineProvider({
  name: "yandex",
  displayName: "Yandex",
  authUrl: "https://oauth.yandex.com/authorize",
  tokenUrl: "https://oauth.yandex.com/token",
  userApiUrl: "https://login.yandex.ru/info",
  scopes: ["login:email", "login:avatar", "login:info"],
  pkce: true,
  fetchUser: profileUser((raw) => {
    const avatarId = text(raw.default_avatar_id);
    return {
      id: text(raw.id),
      name: text(raw.real_name),
      username: text(raw.login),
      email: text(raw.default_email),
      avatarUrl: avatarId && !truthy(raw.is_avatar_empty) ? `https://avatars.yandex.net/get-yapic/${avatarId}/islands-200` : "",
    };
  }),
});
