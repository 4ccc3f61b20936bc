import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from "jose";
import { defineProvider, OAuth2Error, text, truthy } from "./provider.js";

const ISSUER = "https://appleid.apple.com";
const keySets = new Map<string, JWTVerifyGetKey>();

/**
 * Sign in with Apple: the user is the token answer's `id_token`, verified against Apple's
 * public keys (the userApiUrl is the keys URL), issuer and audience (the client id).
 * The email counts only when Apple marks it verified.
 */
export default defineProvider({
  name: "apple",
  displayName: "Apple",
  authUrl: "https://appleid.apple.com/auth/authorize",
  tokenUrl: "https://appleid.apple.com/auth/token",
  userApiUrl: "https://appleid.apple.com/auth/keys",
  scopes: ["name", "email"],
  pkce: true,
  authParams: { response_mode: "form_post" },
  async fetchUser({ token, endpoints, clientId }) {
    const idToken = text(token.raw.id_token);
    if (!idToken) throw new OAuth2Error("missing id_token");
    let keys = keySets.get(endpoints.userApiUrl);
    if (!keys) keySets.set(endpoints.userApiUrl, (keys = createRemoteJWKSet(new URL(endpoints.userApiUrl))));
    let claims: Record<string, unknown>;
    try {
      ({ payload: claims } = await jwtVerify(idToken, keys, { issuer: ISSUER, audience: clientId }));
    } catch (err) {
      throw new OAuth2Error(`invalid id_token: ${String(err)}`);
    }
    return {
      rawUser: claims,
      id: text(claims.sub),
      name: "",
      username: "",
      email: truthy(claims.email_verified) ? text(claims.email) : "",
      avatarUrl: "",
    };
  },
});
