/** "/users/..." routes default to the users collection when the token does not name one. */
export function fallbackCollection(): string {
  return window.location.hash.startsWith("#/users/") ? "users" : "";
}

/** Shown when a link's token does not name a collection (malformed link). */
export const INVALID_LINK = "This link is invalid or has expired.";
