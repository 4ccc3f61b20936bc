import type { AdminModel } from "../models/admin.js";
import type { CollectionModel } from "../models/collection.js";
import type { RecordData } from "../models/record.js";
import type { AuthRecord } from "../records/auth.js";
import { forbidden } from "../tools/errors.js";
import type { Broker } from "./broker.js";
import { authId, authKey, GUEST, type ClientAuth, type RealtimeClient } from "./client.js";

export const AUTH_MISMATCH = "The current and the previous request authorization don't match.";

/**
 * Keeps each client's bound auth true to the database, from the bus alone (every committed
 * write of an auth record or admin announces itself): a subscribe call binds the caller's
 * auth (a different one later is refused); the clients of an auth record or admin that is
 * deleted are dropped (the reference forgets them: their id is then unknown), as are those of
 * a deleted auth collection; a token key change (a password change or reset) leaves them as
 * guests (v0.22.44's fix); other changes replace the stored copy, so rules see current values.
 */
export class AuthSync {
  constructor(
    private readonly broker: Broker,
    private readonly drop: (client: RealtimeClient) => void,
  ) {}

  /** Binds the caller's auth to the client, refusing a change from one principal to another. */
  bind(client: RealtimeClient, caller: { admin: AdminModel | null; record: AuthRecord | null }): void {
    const old = authId(client.auth);
    if (old !== "" && old !== authId(caller)) throw forbidden(AUTH_MISMATCH);
    this.broker.setAuth(client, { admin: caller.admin, record: caller.record });
  }

  /** A saved auth record (bus event). */
  recordSaved(c: CollectionModel, record: RecordData): void {
    const stored = this.broker.clientsOf(recordKey(c, record))[0]?.auth.record;
    if (!stored) return;
    const next: ClientAuth = String(record.tokenKey) === String(stored.record.tokenKey) ? { admin: null, record: { collection: c, record } } : GUEST;
    for (const client of this.broker.clientsOf(recordKey(c, record))) this.broker.setAuth(client, next);
  }

  /** A deleted auth record (bus event). */
  recordDeleted(c: CollectionModel, record: RecordData): void {
    for (const client of this.broker.clientsOf(recordKey(c, record))) this.drop(client);
  }

  /** A saved collection: its records' bound copies take the new model (`@request.auth.collectionName`, fields). */
  collectionSaved(c: CollectionModel): void {
    for (const client of [...this.broker.all()]) {
      const a = client.auth.record;
      if (a && a.collection.id === c.id) this.broker.setAuth(client, { admin: null, record: { collection: c, record: a.record } });
    }
  }

  /** A deleted collection: its records are gone with it. */
  collectionDeleted(c: CollectionModel): void {
    for (const client of [...this.broker.all()]) if (client.auth.record?.collection.id === c.id) this.drop(client);
  }

  adminSaved(admin: AdminModel): void {
    const stored = this.broker.clientsOf(authKey({ admin, record: null }))[0]?.auth.admin;
    if (!stored) return;
    const next: ClientAuth = admin.tokenKey === stored.tokenKey ? { admin, record: null } : GUEST;
    for (const client of this.broker.clientsOf(authKey({ admin, record: null }))) this.broker.setAuth(client, next);
  }

  adminDeleted(admin: AdminModel): void {
    for (const client of this.broker.clientsOf(authKey({ admin, record: null }))) this.drop(client);
  }
}

const recordKey = (c: CollectionModel, record: RecordData) => authKey({ admin: null, record: { collection: c, record } });
