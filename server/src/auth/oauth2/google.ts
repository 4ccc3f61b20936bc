import { profileUser } from "./mapping.js";
import { defineProvider, text, truthy } from "./provider.js";

/** Google: the v1 userinfo; the email counts only when Google marks it verified. */
export default defineProvider({
  name: "google",
  displayName: "Google",
  authUrl: "https://accounts.google.com/o/oauth2/auth",
  tokenUrl: "https://accounts.google.com/o/oauth2/token",
  userApiUrl: "https://www.googleapis.com/oauth2/v1/userinfo",
  scopes: ["https://www.googleapis.com/auth/userinfo.profile", "https://www.googleapis.com/auth/userinfo.email"],
  pkce: true,
  fetchUser: profileUser((raw) => ({
    id: text(raw.id),
    name: text(raw.name),
    username: "",
    email: truthy(raw.verified_email) ? text(raw.email) : "",
    avatarUrl: text(raw.picture),
  })),
});
