import { normalizeError } from "../../lib/errors";

/**
 * The `mfaId` of a sign-in that needs a second factor: the server answers 401 with it in the
 * error body (PocketBase v0.23 puts it at the top level; an `{code, message, data}` error body
 * carries it in `data`). Null for any other failure.
 */
export function mfaIdOf(err: unknown): string | null {
  const e = normalizeError(err);
  if (e.status !== 401) return null;
  const r = e.response;
  const data = r.data && typeof r.data === "object" ? (r.data as Record<string, unknown>) : {};
  const id = typeof r.mfaId === "string" ? r.mfaId : typeof data.mfaId === "string" ? data.mfaId : "";
  return id || null;
}
