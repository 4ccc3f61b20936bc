import { profileUserWithEmailList } from "./mapping.js";
import { defineProvider, get, OAuth2Error, text } from "./provider.js";

/** Bitbucket: `2.0/user` (active accounts only) plus `2.0/user/emails` for the primary confirmed address. */
export default defineProvider({
  name: "bitbucket",
  displayName: "Bitbucket",
  authUrl: "https://bitbucket.org/site/oauth2/authorize",
  tokenUrl: "https://bitbucket.org/site/oauth2/access_token",
  userApiUrl: "https://api.bitbucket.org/2.0/user",
  scopes: ["account"],
  pkce: false,
  fetchUser: profileUserWithEmailList({ items: "values", email: "email", primary: "is_primary", verified: "is_confirmed" }, (raw) => {
    if (text(raw.account_status) !== "active") throw new OAuth2Error("the Bitbucket account is not active");
    return {
      id: text(raw.uuid),
      name: text(raw.display_name),
      username: text(raw.username),
      avatarUrl: text(get(raw, "links", "avatar", "href")),
    };
  }),
});
