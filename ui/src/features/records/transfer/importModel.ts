import { parse } from "csv-parse/browser/esm/sync";
import type { Collection, SchemaField } from "../../../data/collections/types";
import { isAuthCollection, isMultiple } from "../recordModel";
import { csvCell, csvText } from "./exportModel";

/** What a file gives: its column names and its rows, values by column. */
export interface ImportFile {
  kind: "csv" | "json";
  columns: string[];
  rows: Record<string, unknown>[];
}

/** A field rows can be imported into. */
export interface ImportTarget {
  name: string;
  type: string;
  field?: SchemaField;
}

/** A failed row: its 1-based number in the file and its error lines ("title: Missing required value."). */
export interface FailedRow {
  row: number;
  errors: string[];
}

export const PREVIEW_ROWS = 5;
export const BAD_FILE = "The file could not be read: expected a CSV file with a header row, or a JSON array of objects.";

/** Reads a CSV (header row first) or JSON (array of objects) file's text. Throws BAD_FILE's message. */
export function parseImportFile(name: string, text: string): ImportFile {
  const json = /\.json$/i.test(name) || /^\s*\[/.test(text);
  try {
    if (json) {
      const data = JSON.parse(text) as unknown;
      if (!Array.isArray(data) || data.some((r) => r === null || typeof r !== "object" || Array.isArray(r))) throw new Error(BAD_FILE);
      const columns: string[] = [];
      for (const r of data as Record<string, unknown>[]) for (const k of Object.keys(r)) if (!columns.includes(k)) columns.push(k);
      return { kind: "json", columns, rows: data as Record<string, unknown>[] };
    }
    const records = parse(text.replace(/^\uFEFF/, ""), { relax_column_count: true, skip_empty_lines: true }) as string[][];
    const [header, ...rest] = records;
    if (!header || header.every((h) => h.trim() === "")) throw new Error(BAD_FILE);
    const columns = header.map((h) => h.trim());
    return { kind: "csv", columns, rows: rest.map((cells) => Object.fromEntries(columns.map((col, i) => [col, cells[i] ?? ""]))) };
  } catch {
    throw new Error(BAD_FILE);
  }
}

/** Fields an import can fill (file fields cannot: they are listed apart), and the file fields. */
export function importTargets(c: Collection): { targets: ImportTarget[]; fileFields: string[] } {
  const targets: ImportTarget[] = [{ name: "id", type: "id" }];
  if (isAuthCollection(c)) {
    for (const name of ["username", "email", "password", "passwordConfirm"]) targets.push({ name, type: "text" });
    for (const name of ["emailVisibility", "verified"]) targets.push({ name, type: "bool" });
  }
  const fileFields: string[] = [];
  for (const f of c.schema) {
    if (f.type === "file") fileFields.push(f.name);
    else targets.push({ name: f.name, type: f.type, field: f });
  }
  return { targets, fileFields };
}

/** Column -> target field name ("" = not imported), matched by name, case aside. */
export function defaultMapping(columns: readonly string[], targets: readonly ImportTarget[]): Record<string, string> {
  const out: Record<string, string> = {};
  const taken = new Set<string>();
  for (const col of columns) {
    const t = targets.find((x) => x.name === col) ?? targets.find((x) => x.name.toLowerCase() === col.toLowerCase());
    out[col] = t && !taken.has(t.name) ? t.name : "";
    if (out[col]) taken.add(out[col]);
  }
  return out;
}


/** A CSV cell as the field's value: numbers, booleans, JSON and lists from their text. */
export function cellValue(text: string, t: ImportTarget): unknown {
  const s = text.trim();
  switch (t.type) {
    case "number":
      return s !== "" && Number.isFinite(Number(s)) ? Number(s) : text;
    case "bool":
      if (/^(true|1|yes)$/i.test(s)) return true;
      if (/^(false|0|no)$/i.test(s)) return false;
      return text;
    case "json":
      try {
        return JSON.parse(s) as unknown;
      } catch {
        return text;
      }
    case "select":
    case "relation":
      if (!t.field || !isMultiple(t.field)) return text;
      if (s.startsWith("[")) {
        try {
          return JSON.parse(s) as unknown;
        } catch {
          return text;
        }
      }
      return s.split(",").map((x) => x.trim()).filter(Boolean);
    default:
      return text;
  }
}

/**
 * A row's create body: mapped columns only. CSV cells are typed by their field and an empty
 * cell is left out (the field keeps its default); JSON values go as they are.
 */
export function rowBody(row: Record<string, unknown>, mapping: Record<string, string>, targets: readonly ImportTarget[], kind: ImportFile["kind"]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [col, name] of Object.entries(mapping)) {
    const t = name ? targets.find((x) => x.name === name) : undefined;
    if (!t || !(col in row)) continue;
    const v = row[col];
    if (kind === "json") out[name] = v;
    else if (typeof v === "string" && v !== "") out[name] = cellValue(v, t);
  }
  return out;
}

/** An API error's field errors as lines ("title: Missing required value."), or its message. */
export function errorLines(error: { message?: string; data?: Record<string, unknown> } | undefined): string[] {
  const lines: string[] = [];
  const walk = (data: Record<string, unknown>, path: string) => {
    for (const [k, v] of Object.entries(data)) {
      if (!v || typeof v !== "object") continue;
      const e = v as { code?: unknown; message?: unknown };
      if (typeof e.code === "string" && typeof e.message === "string") lines.push(`${path}${k}: ${e.message}`);
      else walk(v as Record<string, unknown>, `${path}${k}.`);
    }
  };
  walk(error?.data ?? {}, "");
  return lines.length ? lines : [error?.message || "Failed to create the record."];
}

/** The failed rows as CSV: their row number, their values as in the file, then their errors. */
export function failedRowsCsv(file: ImportFile, failed: readonly FailedRow[]): string {
  const header = ["row", ...file.columns, "errors"];
  return csvText([header, ...failed.map((f) => [String(f.row), ...file.columns.map((c) => csvCell(file.rows[f.row - 1]?.[c])), f.errors.join("\n")])]);
}
