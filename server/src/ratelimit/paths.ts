/** Route params that name a collection (by id, or by name in any case). */
const COLLECTION_PARAMS = new Set(["collection", "idOrName"]);

/**
 * The paths a routed request is counted under: its route pattern with the router's decoded
 * params put back, a collection once by its name and once by its id (a rule may name it
 * either way). Never the raw request text, so `%61pi`, a trailing slash, an absolute-form
 * target or another spelling of the collection count as the route they reach.
 */
export function routedPaths(pattern: string, params: Readonly<Record<string, string | undefined>>, collection?: { id: string; name: string }): string[] {
  const segments = pattern.split("/");
  const fill = (ref: string | undefined) => {
    const path = segments
      .map((seg) => {
        if (seg === "*") return params["*"] ?? "";
        if (!seg.startsWith(":")) return seg;
        const name = seg.slice(1);
        return ref !== undefined && COLLECTION_PARAMS.has(name) ? ref : (params[name] ?? "");
      })
      .join("/");
    return path.startsWith("/") ? path : "/" + path;
  };
  return collection ? [fill(collection.name), fill(collection.id)] : [fill(undefined)];
}

/**
 * A request no route matched (not found) by its target as the router reads it: without an
 * absolute form's scheme and host, the query or the fragment, percent-decoded, runs of slashes
 * as one — so a prefix rule counts every spelling of it.
 */
export function unroutedPath(target: string): string {
  let path = target;
  if (!path.startsWith("/")) path = path.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, "");
  const end = path.search(/[?#]/);
  if (end >= 0) path = path.slice(0, end);
  try {
    path = decodeURIComponent(path);
  } catch {
    // Malformed escapes: the raw text is all there is.
  }
  path = path.replace(/\/{2,}/g, "/");
  return path.startsWith("/") ? path : "/" + path;
}
