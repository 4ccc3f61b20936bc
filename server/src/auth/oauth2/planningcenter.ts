import { profileUser } from "./mapping.js";
import { defineProvider, get, OAuth2Error, text } from "./provider.js";

/** Planning Center: People `me` (active people only); no email in the profile. */
export default defineProvider({
  name: "planningcenter",
  displayName: "Planning Center",
  authUrl: "https://api.planningcenteronline.com/oauth/authorize",
  tokenUrl: "https://api.planningcenteronline.com/oauth/token",
  userApiUrl: "https://api.planningcenteronline.com/people/v2/me",
  scopes: ["people"],
  pkce: true,
  fetchUser: profileUser((raw) => {
    const a = get(raw, "data", "attributes");
    if (text(get(a, "status")) !== "active") throw new OAuth2Error("the Planning Center person is not active");
    return {
      id: text(get(raw, "data", "id")),
      name: text(get(a, "name")),
      username: "",
      email: "",
      avatarUrl: text(get(a, "avatar")),
    };
  }),
});
