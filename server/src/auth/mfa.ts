import type { Db } from "../db/types.js";
import { mfasRepo, type MfaRow } from "../db/mfas.js";
import { totpsRepo } from "../db/totps.js";
import { collectionsRepo, lookup } from "../db/collections.js";
import { ruleAllows } from "../query/rules.js";
import type { RequestInfo } from "../query/requestInfo.js";
import { mfaOptions, type CollectionModel } from "../models/collection.js";
import { badRequest, DomainError } from "../tools/errors.js";
import { newId } from "../tools/random.js";
import { formatDate, parseDate } from "../tools/time.js";

/** The ways to prove who you are; a second factor must be a different one than the first. */
export type SignInMethod = "password" | "oauth2" | "otp" | "totp";

/** Whose sign-in: an auth record (its collection id) or an admin (`ADMINS_SUBJECT`). */
export interface MfaSubject {
  collectionId: string;
  recordId: string;
}

/** The `collectionId` of an admin's MFA sessions and TOTP factor. */
export const ADMINS_SUBJECT = "_admins";
/** How long an admin has between the password and the authenticator code. */
export const ADMIN_MFA_SECONDS = 600;

export const MFA_REQUIRED_MESSAGE = "Multi-factor authentication required.";
const INVALID_OR_EXPIRED = "Invalid or expired MFA session.";

/**
 * The first method passed and a second is due: an unauthorized answer carrying `mfaId` beside
 * the envelope (PocketBase v0.23's SDK reads `err.response.mfaId`), and no token.
 */
export const mfaRequired = (mfaId: string) => new DomainError("unauthorized", MFA_REQUIRED_MESSAGE, {}, { mfaId });

/**
 * MFA sessions (`_mfas`): a sign-in whose first method passed waits here for a different
 * second one within the allowed time. Sessions are single-use: the second method deletes
 * its session in the same transaction that checks it, so two requests cannot both use it.
 */
export class MfaSessions {
  constructor(private readonly deps: { db: Db; now?: () => number }) {}

  private now(): number {
    return this.deps.now ? this.deps.now() : Date.now();
  }

  /** Opens a session after a first method; its id goes back to the client as `mfaId`. */
  async begin(subject: MfaSubject, method: SignInMethod): Promise<string> {
    const now = formatDate(new Date(this.now()));
    const row: MfaRow = { id: newId(), collectionId: subject.collectionId, recordId: subject.recordId, method, created: now, updated: now };
    await this.deps.db.transaction((tx) => mfasRepo.insert(tx, row));
    return row.id;
  }

  /** A session still within `durationSec`, else a bad request (an expired one is removed). */
  async open(mfaId: string, durationSec: number): Promise<MfaRow> {
    const row = mfaId ? await mfasRepo.findById(this.deps.db, mfaId) : undefined;
    if (!row) throw badRequest(INVALID_OR_EXPIRED);
    const created = parseDate(row.created);
    if (!created || this.now() - created.getTime() > durationSec * 1000) {
      await this.deps.db.transaction((tx) => mfasRepo.delete(tx, row.id));
      throw badRequest(INVALID_OR_EXPIRED);
    }
    return row;
  }

  /**
   * Completes a sign-in with its second method: the session must be open, belong to the same
   * account and have started with another method. It is used up whatever the outcome after
   * these checks pass (a later request cannot reuse it).
   */
  async complete(subject: MfaSubject, mfaId: string, method: SignInMethod, durationSec: number): Promise<void> {
    const row = await this.open(mfaId, durationSec);
    if (row.collectionId !== subject.collectionId || row.recordId !== subject.recordId) throw badRequest("Invalid MFA session.");
    if (row.method === method) throw badRequest("A different authentication method is required.");
    const used = await this.deps.db.transaction((tx) => mfasRepo.delete(tx, row.id));
    if (!used) throw badRequest(INVALID_OR_EXPIRED);
  }
}

/** What a record's sign-in tells the gate. */
export interface RecordSignInAttempt {
  collection: CollectionModel;
  recordId: string;
  method: SignInMethod;
  /** The `mfaId` sent with the request (query or body), "" for a first method. */
  mfaId: string;
  /** `@request.*` for the MFA rule (the signing-in record as `@request.auth`). */
  info: RequestInfo;
}

/**
 * Decides whether an auth record's sign-in needs a second factor and keeps score of it: the
 * collection's `options.mfa` (on, and its rule matching the record; an empty rule matches
 * everyone) or an active TOTP factor of the record. Without a second factor due it lets the
 * sign-in through; with one due, a first method gets `mfaRequired` and a second one (sent
 * with the `mfaId`) completes the session.
 */
export class RecordMfaGate {
  constructor(private readonly deps: { db: Db; sessions: MfaSessions }) {}

  async needsSecondFactor(c: CollectionModel, recordId: string, info: RequestInfo): Promise<boolean> {
    const opts = mfaOptions(c);
    if (opts.enabled && (await this.ruleMatches(c, opts.rule, recordId, info))) return true;
    const totp = await totpsRepo.find(this.deps.db, c.id, recordId);
    return !!totp?.active;
  }

  /** Returns when the sign-in may get its token; throws `mfaRequired` or the session's refusal otherwise. */
  async pass(a: RecordSignInAttempt): Promise<void> {
    if (!(await this.needsSecondFactor(a.collection, a.recordId, a.info))) return;
    const subject = { collectionId: a.collection.id, recordId: a.recordId };
    if (!a.mfaId) throw mfaRequired(await this.deps.sessions.begin(subject, a.method));
    await this.deps.sessions.complete(subject, a.mfaId, a.method, mfaOptions(a.collection).duration);
  }

  private async ruleMatches(c: CollectionModel, rule: string, recordId: string, info: RequestInfo): Promise<boolean> {
    if (rule.trim() === "") return true;
    const snap = await collectionsRepo.snapshot(this.deps.db);
    try {
      return await ruleAllows(this.deps.db, c, rule, recordId, info, { findCollection: (n) => lookup(snap, n) });
    } catch {
      // A rule that fails to run asks for the second factor: the safer answer.
      return true;
    }
  }
}

