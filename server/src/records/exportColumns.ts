import { isAuth, isView, type CollectionModel } from "../models/collection.js";
import { stringifyJson } from "../tools/json.js";

/** A collection's columns in the dashboard's order: id, auth fields, schema fields, created, updated. */
export function defaultColumns(c: CollectionModel): string[] {
  const cols = ["id"];
  if (isAuth(c)) cols.push("username", "email", "emailVisibility", "verified");
  for (const f of c.schema) cols.push(f.name);
  if (!isView(c)) cols.push("created", "updated");
  return [...new Set(cols)];
}

/**
 * The CSV columns a `fields` value asks for: its top-level names in order (`*` stands for the
 * default columns; `expand.*` paths and modifiers are not columns of their own).
 */
export function exportColumns(c: CollectionModel, fields: unknown): string[] {
  const raw = typeof fields === "string" ? fields : Array.isArray(fields) ? fields.join(",") : "";
  const names = raw
    .replace(/\([^)]*\)/g, "") // `:excerpt(200, true)` holds a comma of its own
    .split(",")
    .map((p) => p.trim().split(":")[0].split(".")[0])
    .filter((n) => n !== "" && n !== "expand");
  if (names.length === 0) return defaultColumns(c);
  return [...new Set(names.flatMap((n) => (n === "*" ? defaultColumns(c) : [n])))];
}

/** One CSV cell: text as is, multi-values and objects as JSON text, nothing as an empty cell. */
export function csvCell(v: unknown): string {
  if (v === undefined || v === null) return "";
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return stringifyJson(v);
}
