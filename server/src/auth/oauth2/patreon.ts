import { profileUser } from "./mapping.js";
import { defineProvider, get, text, truthy } from "./provider.js";

/** Patreon: the v2 identity; the email only when Patreon marks it verified. */
export default defineProvider({
  name: "patreon",
  displayName: "Patreon",
  authUrl: "https://www.patreon.com/oauth2/authorize",
  tokenUrl: "https://www.patreon.com/api/oauth2/token",
  userApiUrl: "https://www.patreon.com/api/oauth2/v2/identity?fields%5Buser%5D=full_name,email,vanity,image_url,is_email_verified",
  scopes: ["identity", "identity[email]"],
  pkce: true,
  fetchUser: profileUser((raw) => {
    const a = get(raw, "data", "attributes");
    return {
      id: text(get(raw, "data", "id")),
      name: text(get(a, "full_name")),
      username: text(get(a, "vanity")),
      email: truthy(get(a, "is_email_verified")) ? text(get(a, "email")) : "",
      avatarUrl: text(get(a, "image_url")),
    };
  }),
});
