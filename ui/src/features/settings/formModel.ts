/** Plain helpers over settings form values: deep copy, change detection, dotted-path access. */

export function clone<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

/** JSON with object keys sorted, so key order never counts as a change. */
export function stableJson(v: unknown): string {
  return JSON.stringify(v, (_k, val: unknown) => {
    if (val && typeof val === "object" && !Array.isArray(val)) {
      return Object.fromEntries(Object.entries(val as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    }
    return val;
  });
}

/** Whether the form differs from the loaded copy (deep, key-order independent). */
export function isChanged(loaded: unknown, current: unknown): boolean {
  return stableJson(loaded) !== stableJson(current);
}

export function getPath(obj: unknown, path: string): unknown {
  let cur = obj;
  for (const part of path.split(".")) {
    if (!cur || typeof cur !== "object") return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

/** A copy of obj with the value at the dotted path replaced (missing objects are created). */
export function setPath<T>(obj: T, path: string, value: unknown): T {
  const parts = path.split(".");
  const root = { ...(obj as Record<string, unknown>) };
  let cur = root;
  for (let i = 0; i < parts.length - 1; i++) {
    const next = cur[parts[i]];
    cur[parts[i]] = next && typeof next === "object" ? { ...(next as Record<string, unknown>) } : {};
    cur = cur[parts[i]] as Record<string, unknown>;
  }
  cur[parts[parts.length - 1]] = value;
  return root as T;
}

/** Client-side errors keyed by dotted field name; empty messages mean no error. */
export type ErrorMap = Record<string, string>;

export function compactErrors(errors: Record<string, string | undefined>): ErrorMap {
  const out: ErrorMap = {};
  for (const [k, v] of Object.entries(errors)) if (v) out[k] = v;
  return out;
}

/** Whether any error (client map or server error data) lies under the dotted prefix. */
export function hasErrorUnder(errors: ErrorMap, serverErrors: Record<string, unknown>, prefix: string): boolean {
  if (Object.keys(errors).some((k) => k === prefix || k.startsWith(prefix + "."))) return true;
  const v = getPath(serverErrors, prefix);
  return !!v && typeof v === "object" && Object.keys(v as object).length > 0;
}
