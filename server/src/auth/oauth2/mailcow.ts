import { profileUser } from "./mapping.js";
import { defineProvider, OAuth2Error, text } from "./provider.js";

/** mailcow (self-hosted, endpoints from the settings): its OAuth2 profile; inactive mailboxes are refused. */
export default defineProvider({
  name: "mailcow",
  displayName: "mailcow",
  authUrl: "",
  tokenUrl: "",
  userApiUrl: "",
  scopes: ["profile"],
  pkce: true,
  fetchUser: profileUser((raw) => {
    if (Number(raw.active) !== 1) throw new OAuth2Error("the mailcow user is not active");
    return {
      id: text(raw.id),
      name: text(raw.full_name),
      username: text(raw.username),
      email: text(raw.email),
      avatarUrl: "",
    };
  }),
});
