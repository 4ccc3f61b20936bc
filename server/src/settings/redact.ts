import { project } from "../tools/goJson.js";
import { SECRET_PATHS, SETTINGS_SHAPE } from "./schema.js";
import type { Settings } from "../models/settings.js";

/** What a non-empty secret looks like in API answers. */
export const REDACTED = "******";

type Obj = Record<string, unknown>;

function parentOf(root: Obj, path: readonly string[]): Obj | null {
  let cur: unknown = root;
  for (const key of path.slice(0, -1)) {
    if (!cur || typeof cur !== "object") return null;
    cur = (cur as Obj)[key];
  }
  return cur && typeof cur === "object" ? (cur as Obj) : null;
}

/**
 * The settings as the API shows them: only declared fields, every non-empty secret
 * replaced by REDACTED (empty secrets stay empty, so the dashboard can tell they are unset).
 */
export function redactSettings(settings: Settings): Obj {
  const out = project(SETTINGS_SHAPE, settings as unknown as Obj);
  for (const path of SECRET_PATHS) {
    const parent = parentOf(out, path);
    const key = path[path.length - 1];
    if (parent && typeof parent[key] === "string" && parent[key] !== "") parent[key] = REDACTED;
  }
  return out;
}

/**
 * Where a submitted secret is exactly REDACTED (a redacted value sent back unchanged), puts
 * back the stored secret so a save never overwrites a secret with the mask. Mutates `next`.
 */
export function keepRedactedSecrets(next: Settings, current: Settings): void {
  for (const path of SECRET_PATHS) {
    const target = parentOf(next as unknown as Obj, path);
    const source = parentOf(current as unknown as Obj, path);
    const key = path[path.length - 1];
    if (target && source && target[key] === REDACTED) target[key] = source[key];
  }
}
