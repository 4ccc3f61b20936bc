import { useEffect, useState } from "react";
import { client } from "../../lib/client";
import { cachedAdminFileToken, getAdminFileToken } from "../../lib/fileToken";
import type { SchemaField } from "../collections/types";
import type { RecordData } from "../../features/records/recordModel";

/** URL of a stored file (optionally a thumb; protected files need the admin file token). */
export function fileUrl(record: RecordData, filename: string, opts: { thumb?: string; token?: string } = {}): string {
  const query: Record<string, string> = {};
  if (opts.thumb) query.thumb = opts.thumb;
  if (opts.token) query.token = opts.token;
  return client.files.getUrl(record as never, filename, query);
}

/**
 * The token a field's file URLs take: "" for a public field; null while a protected field's token
 * is on its way (a URL without it is refused: a broken thumb and a console error).
 */
export function fieldFileToken(field: SchemaField, token: string): string | null {
  if (!field.options?.protected) return "";
  return token || null;
}

/** The admin file token when needed (protected fields): the cached one at once, else fetched; a failure is only logged. */
export function useAdminFileToken(needed: boolean): string {
  const [token, setToken] = useState(() => (needed ? cachedAdminFileToken() : ""));
  useEffect(() => {
    if (!needed) return;
    let alive = true;
    getAdminFileToken(client)
      .then((t) => alive && setToken(t))
      .catch((e: unknown) => console.warn("Failed to get the admin file token.", e));
    return () => {
      alive = false;
    };
  }, [needed]);
  return token;
}
