import type { AdminRow } from "../models/admin.js";
import { type DomainError, forbidden } from "../tools/errors.js";

/**
 * Who asks for a protected file. The reference reads only the `?token=` query
 * parameter (never the Authorization header): an admin file token or an auth record's
 * file token. A missing, malformed, expired or foreign token is not an error: the
 * request is then a guest's.
 */
export interface FileRequester<R = unknown> {
  admin: AdminRow | null;
  /** The auth record of a record file token (once auth collections exist). */
  record: R | null;
}

export const FILE_FORBIDDEN_MESSAGE = "Insufficient permissions to access the file resource.";

/** The refusal the reference answers when a protected file is refused. */
export const fileForbidden = (): DomainError => forbidden(FILE_FORBIDDEN_MESSAGE);

/** Resolves a record file token to its auth record, or null. Supplied by the records/auth layer. */
export type RecordFileTokenResolver<R> = (token: string) => Promise<R | null>;

export interface FileTokenDeps<R> {
  admins: { fromFileToken(token: string): Promise<AdminRow | null> };
  /** Omitted until auth collections exist: record tokens then resolve to nobody. */
  recordFromFileToken?: RecordFileTokenResolver<R>;
}

export async function resolveFileToken<R = unknown>(deps: FileTokenDeps<R>, token: unknown): Promise<FileRequester<R>> {
  const none: FileRequester<R> = { admin: null, record: null };
  if (typeof token !== "string" || token === "") return none;
  const admin = await deps.admins.fromFileToken(token).catch(() => null);
  if (admin) return { admin, record: null };
  const record = deps.recordFromFileToken ? await deps.recordFromFileToken(token).catch(() => null) : null;
  return { admin: null, record };
}

/**
 * Whether a file may be served: unprotected files always (whatever the collection's
 * rules), protected ones to admins, else when the collection's view rule lets the
 * token's auth record (or a guest, when there is none) view the record.
 */
export async function canAccessFile<R>(
  isProtected: boolean,
  requester: FileRequester<R>,
  viewRuleAllows: (authRecord: R | null) => boolean | Promise<boolean>,
): Promise<boolean> {
  if (!isProtected) return true;
  if (requester.admin) return true;
  return viewRuleAllows(requester.record);
}
