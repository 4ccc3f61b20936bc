/** "/users/..." routes default to the users collection when the token does not name one. */
export function fallbackCollection(): string {
  return window.location.hash.startsWith("#/users/") ? "users" : "";
}
