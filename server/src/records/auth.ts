import type { Db } from "../db/types.js";
import type { SettingsStore } from "../settings/store.js";
import { hashPassword, verifyPassword } from "../auth/passwords.js";
import { peekToken, signToken, verifyToken } from "../auth/tokens.js";
import { isEmailFormat } from "../tools/formats.js";
import { authOptions, isAuth, type CollectionModel } from "../models/collection.js";
import { recordsRepo } from "../db/records.js";
import { collectionsRepo } from "../db/collections.js";
import { badRequest, forbidden, notFound, unauthorized } from "../tools/errors.js";
import { RECORD_REQUIRED, type Caller } from "../auth/caller.js";
import { recordFromRow, type RecordData } from "../models/record.js";
import type { RecordMfaGate, SignInMethod } from "../auth/mfa.js";
import type { RecordWriteHooks } from "./writeHooks.js";

/** A signed-in auth record. */
export interface AuthRecord {
  collection: CollectionModel;
  record: RecordData;
}

/** How a record is shown to a caller (the records service's: hidden fields, `expand`, `fields`); may answer with a promise. */
export interface RecordPresenter {
  present(c: CollectionModel, record: RecordData, who: Caller, query?: Record<string, unknown>): unknown;
}

/** What RecordAuth uses. */
export interface RecordAuthDeps {
  db: Db;
  settings: Pick<SettingsStore, "get">;
  records: RecordPresenter;
  /** Decides whether a sign-in needs a second factor (absent: never). */
  mfa?: Pick<RecordMfaGate, "pass">;
  /** pb_hooks' onRecordAuthRequest, before a sign-in or refresh answers. */
  hooks?: Pick<RecordWriteHooks, "authenticated">;
}

/** The `mfaId` a second method is sent with: in the query or the body (as PocketBase v0.23 reads it). */
export function mfaIdOf(query: Record<string, unknown>, body: { mfaId?: unknown }): string {
  if (typeof query.mfaId === "string" && query.mfaId !== "") return query.mfaId;
  return typeof body.mfaId === "string" ? body.mfaId : "";
}

let dummyHash: Promise<string> | null = null;

/**
 * Auth records' tokens and password sign-in: tokens are HS256 JWTs with
 * `{id, type: "authRecord", collectionId}` signed with the record's tokenKey followed by
 * the `recordAuthToken` secret, like the reference's, so either server accepts them.
 */
export class RecordAuth {
  constructor(
    private readonly deps: RecordAuthDeps,
    /** Runs after a successful password check (the login alert mail for accounts with OAuth2 links). */
    private readonly afterPasswordLogin: (c: CollectionModel, a: AuthRecord) => Promise<void> = async () => undefined,
  ) {}

  /** An auth collection by id or name: not found when missing, a bad request for another type. */
  async authCollection(idOrName: string): Promise<CollectionModel> {
    const c = await collectionsRepo.findByNameOrId(this.deps.db, idOrName);
    if (!c) throw notFound();
    if (!isAuth(c)) throw badRequest("Unsupported collection type.");
    return c;
  }

  /**
   * Password sign-in (`auth-with-password`): the record answer (expand and fields applied
   * for the signed-in record) and its auth token. Errors are the reference's.
   */
  async signInWithPassword(
    idOrName: string,
    read: () => { identity?: string; password?: string; mfaId?: string },
    who: Caller,
    query: Record<string, unknown>,
  ): Promise<{ record: unknown; token: string }> {
    const c = await this.authCollection(idOrName);
    const body = read();
    const data: Record<string, unknown> = {};
    if (!body.identity) data.identity = { code: "validation_required", message: "Cannot be blank." };
    if (!body.password) data.password = { code: "validation_required", message: "Cannot be blank." };
    if (Object.keys(data).length) throw badRequest("Something went wrong while processing your request.", data);
    const opts = authOptions(c);
    if (!opts.allowEmailAuth && !opts.allowUsernameAuth) throw badRequest("The collection is not configured to allow password authentication.");
    const a = await this.authenticate(c, body.identity!, body.password!);
    if (!a) throw badRequest("Failed to authenticate.");
    await this.afterPasswordLogin(c, a);
    if (opts.onlyVerified && a.record.verified !== true) throw forbidden("Please verify your email first.");
    return this.signInAnswer(c, a.record, "password", who, query, mfaIdOf(query, body));
  }

  /**
   * What a successful sign-in method answers: when the record needs a second factor, a first
   * method gets the unauthorized `mfaId` answer (no token) and a second one completes the MFA
   * session; then the record as the signed-in record sees it (expand, fields) and its token.
   */
  async signInAnswer(
    c: CollectionModel,
    record: RecordData,
    method: SignInMethod,
    who: Caller,
    query: Record<string, unknown>,
    mfaId: string,
  ): Promise<{ record: unknown; token: string }> {
    const signedIn: Caller = { admin: false, info: { auth: { collection: c, record }, method: who.info.method } };
    await this.deps.mfa?.pass({ collection: c, recordId: String(record.id), method, mfaId, info: { ...who.info, auth: { collection: c, record } } });
    const token = await this.authToken({ collection: c, record });
    await this.deps.hooks?.authenticated(c, record, { who, token, method });
    return { record: await this.deps.records.present(c, record, signedIn, query), token };
  }

  /** A new token for the signed-in record of this collection (`auth-refresh`). */
  async refresh(idOrName: string, who: Caller, query: Record<string, unknown>): Promise<{ record: unknown; token: string }> {
    const c = await this.authCollection(idOrName);
    const auth = who.info.auth;
    if (!auth) throw unauthorized(RECORD_REQUIRED);
    if (auth.collection.id !== c.id) throw forbidden(`The request requires auth record from ${auth.collection.name} collection.`);
    if (authOptions(c).onlyVerified && auth.record.verified !== true) throw forbidden("Please verify your account first.");
    const a = { collection: c, record: auth.record };
    const token = await this.authToken(a);
    await this.deps.hooks?.authenticated(c, a.record, { who, token, method: "refresh" });
    return { record: await this.deps.records.present(c, a.record, who, query), token };
  }

  /** The auth record of an auth token; null for anything else (admin tokens, bad signatures, expired). */
  async fromAuthToken(token: string): Promise<AuthRecord | null> {
    return this.fromToken(token, this.deps.settings.get().recordAuthToken.secret);
  }

  /** The auth record of a file token. */
  async fromFileToken(token: string): Promise<AuthRecord | null> {
    return this.fromToken(token, this.deps.settings.get().recordFileToken.secret);
  }

  private async fromToken(token: string, secret: string): Promise<AuthRecord | null> {
    const claims = peekToken(token);
    if (!claims || claims.type !== "authRecord" || typeof claims.collectionId !== "string") return null;
    const collection = await collectionsRepo.findById(this.deps.db, claims.collectionId);
    if (!collection || !isAuth(collection)) return null;
    const row = await recordsRepo.findById(this.deps.db, collection.name, String(claims.id));
    if (!row) return null;
    const record = recordFromRow(collection, row);
    return (await verifyToken(token, String(record.tokenKey) + secret)) ? { collection, record } : null;
  }

  async authToken(a: AuthRecord): Promise<string> {
    const cfg = this.deps.settings.get().recordAuthToken;
    return signToken({ id: String(a.record.id), type: "authRecord", collectionId: a.collection.id }, String(a.record.tokenKey) + cfg.secret, cfg.duration);
  }

  async fileToken(a: AuthRecord): Promise<string> {
    const cfg = this.deps.settings.get().recordFileToken;
    return signToken({ id: String(a.record.id), type: "authRecord", collectionId: a.collection.id }, String(a.record.tokenKey) + cfg.secret, cfg.duration);
  }

  /**
   * Finds the record an identity names (an email when email sign-in is on and it looks like
   * one, else a username, case-insensitively) and checks the password; null when either fails.
   */
  async authenticate(c: CollectionModel, identity: string, password: string): Promise<AuthRecord | null> {
    const opts = authOptions(c);
    let row: Record<string, unknown> | undefined;
    if (opts.allowEmailAuth && isEmailFormat(identity)) {
      row = await recordsRepo.findFirstBy(this.deps.db, c.name, "email", identity);
    } else if (opts.allowUsernameAuth) {
      row = await recordsRepo.findFirstBy(this.deps.db, c.name, "username", identity, true);
    }
    const hash = row ? String(row.passwordHash ?? "") : await (dummyHash ??= hashPassword("dummy-password"));
    const ok = await verifyPassword(password, hash);
    if (!row || !ok) return null;
    return { collection: c, record: recordFromRow(c, row) };
  }
}
