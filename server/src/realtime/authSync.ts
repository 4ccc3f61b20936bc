import type { AdminService } from "../admins/service.js";
import type { CollectionService } from "../collections/service.js";
import type { RecordsApi } from "../records/api.js";
import type { AdminModel } from "../models/admin.js";
import type { CollectionModel } from "../models/collection.js";
import type { RecordData } from "../models/record.js";
import type { AuthRecord } from "../records/auth.js";
import { forbidden } from "../tools/errors.js";
import type { Broker } from "./broker.js";
import { authId, authKey, GUEST, type ClientAuth, type RealtimeClient } from "./client.js";

export const AUTH_MISMATCH = "The current and the previous request authorization don't match.";

/** How long a client's stored auth is trusted before it is re-read from the database. */
const RECHECK_MS = 1000;

/**
 * Keeps each client's bound auth true to the database: a subscribe call binds the caller's
 * auth (a different one later is refused); the clients of an auth record or admin that is
 * deleted are dropped (the reference forgets them: their id is then unknown); a token key
 * change (a password change or reset) leaves them as guests (v0.22.44's fix); other changes
 * replace the stored copy, so rules see current values. Bus events apply at once;
 * changes made without an event (another process, the CLI) are caught by a re-read at most
 * once a second per principal, before any delivery that uses it.
 */
export class AuthSync {
  constructor(
    private readonly app: { admins: AdminService; collections: CollectionService; records: RecordsApi },
    private readonly broker: Broker,
    private readonly drop: (client: RealtimeClient) => void,
  ) {}

  /** Binds the caller's auth to the client, refusing a change from one principal to another. */
  bind(client: RealtimeClient, caller: { admin: AdminModel | null; record: AuthRecord | null }): void {
    this.refresh(client, true);
    const old = authId(client.auth);
    if (old !== "" && old !== authId(caller)) throw forbidden(AUTH_MISMATCH);
    this.broker.setAuth(client, { admin: caller.admin, record: caller.record, checkedAt: Date.now() });
  }

  /** Re-reads the client's principal when its copy is older than RECHECK_MS (or always with `force`). */
  refresh(client: RealtimeClient, force = false): void {
    const a = client.auth;
    if (a === GUEST || (!a.admin && !a.record)) return;
    const now = Date.now();
    if (!force && now - a.checkedAt < RECHECK_MS) return;
    if (a.admin) {
      this.applyAdmin(a.admin, this.app.admins.findById(a.admin.id) ?? null, now);
    } else if (a.record) {
      const c = this.app.collections.find(a.record.collection.id);
      const fresh = c ? this.app.records.find(c, String(a.record.record.id)) : undefined;
      this.applyRecord(c ?? a.record.collection, a.record, fresh ?? null, now);
    }
  }

  /** A saved auth record (bus event). */
  recordSaved(c: CollectionModel, record: RecordData): void {
    const key = authKey({ admin: null, record: { collection: c, record } });
    const first = this.broker.clientsOf(key)[0];
    if (first?.auth.record) this.applyRecord(c, first.auth.record, record, Date.now());
  }

  /** A deleted auth record (bus event). */
  recordDeleted(c: CollectionModel, record: RecordData): void {
    for (const client of this.broker.clientsOf(authKey({ admin: null, record: { collection: c, record } }))) this.drop(client);
  }

  adminSaved(admin: AdminModel): void {
    const first = this.broker.clientsOf(authKey({ admin, record: null }))[0];
    if (first?.auth.admin) this.applyAdmin(first.auth.admin, admin, Date.now());
  }

  adminDeleted(admin: AdminModel): void {
    for (const client of this.broker.clientsOf(authKey({ admin, record: null }))) this.drop(client);
  }

  private applyAdmin(stored: AdminModel, fresh: AdminModel | null, now: number): void {
    if (!fresh) return this.adminDeleted(stored);
    const next: ClientAuth = fresh && fresh.tokenKey === stored.tokenKey ? { admin: fresh, record: null, checkedAt: now } : GUEST;
    for (const client of this.broker.clientsOf(authKey({ admin: stored, record: null }))) this.broker.setAuth(client, next);
  }

  private applyRecord(c: CollectionModel, stored: AuthRecord, fresh: RecordData | null, now: number): void {
    if (!fresh) return this.recordDeleted(stored.collection, stored.record);
    const same = fresh && String(fresh.tokenKey) === String(stored.record.tokenKey);
    const next: ClientAuth = same ? { admin: null, record: { collection: c, record: fresh }, checkedAt: now } : GUEST;
    for (const client of this.broker.clientsOf(authKey({ admin: null, record: stored }))) this.broker.setAuth(client, next);
  }
}
