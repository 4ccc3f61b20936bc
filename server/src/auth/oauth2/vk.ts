import { profileUser } from "./mapping.js";
import { defineProvider, get, text } from "./provider.js";

/** VK: `users.get`; VK hands the email over in the token answer, not the profile. */
export default defineProvider({
  name: "vk",
  displayName: "ВКонтакте",
  authUrl: "https://oauth.vk.com/authorize",
  tokenUrl: "https://oauth.vk.com/access_token",
  userApiUrl: "https://api.vk.com/method/users.get?fields=photo_max,screen_name&v=5.131",
  scopes: ["email"],
  pkce: false,
  fetchUser: profileUser((raw, { token }) => {
    const user = get(raw, "response", 0);
    return {
      id: text(get(user, "id")),
      name: [text(get(user, "first_name")), text(get(user, "last_name"))].join(" ").trim(),
      username: text(get(user, "screen_name")),
      email: text(token.raw.email),
      avatarUrl: text(get(user, "photo_max")),
    };
  }),
});
