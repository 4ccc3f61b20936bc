import { profileUser } from "./mapping.js";
import { defineProvider, text } from "./provider.js";

/** Strava: `api/v3/athlete`; no email. */
export default defineProvider({
  name: "strava",
  displayName: "Strava",
  authUrl: "https://www.strava.com/oauth/authorize",
  tokenUrl: "https://www.strava.com/api/v3/oauth/token",
  userApiUrl: "https://www.strava.com/api/v3/athlete",
  scopes: ["profile:read_all"],
  pkce: true,
  fetchUser: profileUser((raw) => ({
    id: text(raw.id),
    name: [text(raw.firstname), text(raw.lastname)].join(" ").trim(),
    username: text(raw.username),
    email: "",
    avatarUrl: text(raw.profile),
  })),
});
