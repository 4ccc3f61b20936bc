import { profileUser } from "./mapping.js";
import { defineProvider, text } from "./provider.js";

/** Microsoft (Azure AD; tenant endpoints through the settings' URLs): Graph `me`. */
export default defineProvider({
  name: "microsoft",
  displayName: "Microsoft",
  authUrl: "https://login.microsoftonline.com/common/oauth2/v2.0/authorize",
  tokenUrl: "https://login.microsoftonline.com/common/oauth2/v2.0/token",
  userApiUrl: "https://graph.microsoft.com/v1.0/me",
  scopes: ["User.Read"],
  pkce: true,
  fetchUser: profileUser((raw) => ({
    id: text(raw.id),
    name: text(raw.displayName),
    username: "",
    email: text(raw.mail),
    avatarUrl: "",
  })),
});
