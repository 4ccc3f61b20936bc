/**
 * The `collection:action` tag of a route (later PocketBase versions' names), from the route
 * pattern and method; null for routes that have none. Sign-in routes are `authWith...` and
 * also match the `:auth` tags.
 */
export const RECORD_ROUTE = "/api/collections/:collection/records";
export const RECORD_ONE = "/api/collections/:collection/records/:id";
const FILE_ROUTE = "/api/files/:collection/:record/:filename";
const AUTH_PREFIX = "/api/collections/:collection/";

const camel = (s: string) => s.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

export function routeAction(method: string, pattern: string): string | null {
  if (pattern === RECORD_ROUTE) return method === "GET" ? "list" : method === "POST" ? "create" : null;
  if (pattern === RECORD_ONE) return method === "GET" ? "view" : method === "PATCH" ? "update" : method === "DELETE" ? "delete" : null;
  if (pattern === FILE_ROUTE) return "file";
  if (pattern.startsWith(AUTH_PREFIX)) {
    const rest = pattern.slice(AUTH_PREFIX.length);
    if (/^[a-z-]+$/.test(rest)) return rest === "auth-methods" ? "listAuthMethods" : camel(rest);
  }
  return null;
}

/**
 * The tags a request doing `action` on a collection matches, most specific first; `refs` are
 * the collection's names for it (its name and its id: a rule may use either).
 */
export function actionTags(refs: readonly string[], action: string): string[] {
  const tags = [...refs.map((r) => `${r}:${action}`), `*:${action}`];
  if (action.startsWith("authWith")) tags.push(...refs.map((r) => `${r}:auth`), "*:auth");
  return tags;
}
