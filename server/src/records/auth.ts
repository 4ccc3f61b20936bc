import type { App } from "../app.js";
import { hashPassword, verifyPassword } from "../auth/passwords.js";
import { peekToken, signToken, verifyToken } from "../auth/tokens.js";
import { isEmailFormat } from "../tools/formats.js";
import { authOptions, isAuth, type CollectionModel } from "../collections/model.js";
import { cachedStatement } from "../db/connection.js";
import { quoteIdent } from "../db/dialect.js";
import { recordFromRow, type RecordData } from "./model.js";

/** A signed-in auth record. */
export interface AuthRecord {
  collection: CollectionModel;
  record: RecordData;
}

let dummyHash: Promise<string> | null = null;

/**
 * Auth records' tokens and password sign-in: tokens are HS256 JWTs with
 * `{id, type: "authRecord", collectionId}` signed with the record's tokenKey followed by
 * the `recordAuthToken` secret, like the reference's, so either server accepts them.
 */
export class RecordAuth {
  constructor(private readonly app: Pick<App, "db" | "collections" | "settings">) {}

  /** The auth record of an auth token; null for anything else (admin tokens, bad signatures, expired). */
  async fromAuthToken(token: string): Promise<AuthRecord | null> {
    return this.fromToken(token, this.app.settings.get().recordAuthToken.secret);
  }

  /** The auth record of a file token. */
  async fromFileToken(token: string): Promise<AuthRecord | null> {
    return this.fromToken(token, this.app.settings.get().recordFileToken.secret);
  }

  private async fromToken(token: string, secret: string): Promise<AuthRecord | null> {
    const claims = peekToken(token);
    if (!claims || claims.type !== "authRecord" || typeof claims.collectionId !== "string") return null;
    const collection = this.app.collections.find(claims.collectionId);
    if (!collection || !isAuth(collection) || collection.id !== claims.collectionId) return null;
    const row = cachedStatement(this.app.db, `SELECT * FROM ${quoteIdent(collection.name)} WHERE id = ? LIMIT 1`).get(claims.id) as Record<string, unknown> | undefined;
    if (!row) return null;
    const record = recordFromRow(collection, row);
    return (await verifyToken(token, String(record.tokenKey) + secret)) ? { collection, record } : null;
  }

  async authToken(a: AuthRecord): Promise<string> {
    const cfg = this.app.settings.get().recordAuthToken;
    return signToken({ id: String(a.record.id), type: "authRecord", collectionId: a.collection.id }, String(a.record.tokenKey) + cfg.secret, cfg.duration);
  }

  async fileToken(a: AuthRecord): Promise<string> {
    const cfg = this.app.settings.get().recordFileToken;
    return signToken({ id: String(a.record.id), type: "authRecord", collectionId: a.collection.id }, String(a.record.tokenKey) + cfg.secret, cfg.duration);
  }

  /**
   * Finds the record an identity names (an email when email sign-in is on and it looks like
   * one, else a username, case-insensitively) and checks the password; null when either fails.
   */
  async authenticate(c: CollectionModel, identity: string, password: string): Promise<AuthRecord | null> {
    const opts = authOptions(c);
    const table = quoteIdent(c.name);
    let row: Record<string, unknown> | undefined;
    if (opts.allowEmailAuth && isEmailFormat(identity)) {
      row = cachedStatement(this.app.db, `SELECT * FROM ${table} WHERE email = ? LIMIT 1`).get(identity) as Record<string, unknown> | undefined;
    } else if (opts.allowUsernameAuth) {
      row = cachedStatement(this.app.db, `SELECT * FROM ${table} WHERE LOWER(username) = LOWER(?) LIMIT 1`).get(identity) as Record<string, unknown> | undefined;
    }
    const hash = row ? String(row.passwordHash ?? "") : await (dummyHash ??= hashPassword("dummy-password"));
    const ok = await verifyPassword(password, hash);
    if (!row || !ok) return null;
    return { collection: c, record: recordFromRow(c, row) };
  }
}
