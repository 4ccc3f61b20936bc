import type { Collection } from "../../data/collections/types";

/** The exported file is named like a PocketBase schema export, so it imports anywhere that format is read. */
export const EXPORT_FILE_NAME = "pb_schema.json";

/** How long the "copied" toast stays. */
export const EXPORT_COPY_TOAST_MS = 3000;
export const EXPORT_COPIED_MESSAGE = "The configuration was copied to your clipboard!";

export type ExportedCollection = Omit<Collection, "created" | "updated">;

/** Drops the timestamps, which are not part of a collection's configuration. */
export function stripTimestamps<T extends Record<string, unknown>>(collection: T): Omit<T, "created" | "updated"> {
  const { created: _c, updated: _u, ...rest } = collection;
  return rest;
}

/** The selected collections (in list order) without created/updated. */
export function buildExportPayload(collections: Collection[], selected: ReadonlySet<string>): ExportedCollection[] {
  return collections.filter((c) => selected.has(c.id)).map((c) => stripTimestamps(c as unknown as Record<string, unknown>) as unknown as ExportedCollection);
}

/** The preview shows exactly what downloadJson writes (two-space indent). */
export function exportText(payload: ExportedCollection[]): string {
  return JSON.stringify(payload, null, 2);
}
