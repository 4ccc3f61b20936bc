import { profileUser } from "./mapping.js";
import { defineProvider, text, truthy } from "./provider.js";

/** Discord: `users/@me`; name is the global display name, the email only when verified. */
export default defineProvider({
  name: "discord",
  displayName: "Discord",
  authUrl: "https://discord.com/api/oauth2/authorize",
  tokenUrl: "https://discord.com/api/oauth2/token",
  userApiUrl: "https://discord.com/api/users/@me",
  scopes: ["identify", "email"],
  pkce: true,
  fetchUser: profileUser((raw) => {
    const id = text(raw.id);
    const avatar = text(raw.avatar);
    // Animated avatars have an "a_" hash and are served as GIFs.
    const avatarUrl = avatar ? `https://cdn.discordapp.com/avatars/${id}/${avatar}.${avatar.startsWith("a_") ? "gif" : "png"}` : "";
    const discriminator = text(raw.discriminator);
    return {
      id,
      name: text(raw.global_name),
      username: discriminator && discriminator !== "0" ? `${text(raw.username)}#${discriminator}` : text(raw.username),
      email: truthy(raw.verified) ? text(raw.email) : "",
      avatarUrl,
    };
  }),
});
