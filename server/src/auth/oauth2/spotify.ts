import { profileUser } from "./mapping.js";
import { defineProvider, get, text } from "./provider.js";

/** Spotify: `v1/me`; Spotify does not verify emails, so none is used. */
export default defineProvider({
  name: "spotify",
  displayName: "Spotify",
  authUrl: "https://accounts.spotify.com/authorize",
  tokenUrl: "https://accounts.spotify.com/api/token",
  userApiUrl: "https://api.spotify.com/v1/me",
  scopes: ["user-read-private"],
  pkce: true,
  fetchUser: profileUser((raw) => ({
    id: text(raw.id),
    name: text(raw.display_name),
    username: "",
    email: "",
    avatarUrl: text(get(raw, "images", 0, "url")),
  })),
});
