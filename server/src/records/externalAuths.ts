import type { EventBus } from "../events/bus.js";
import type { RecordsApi } from "./api.js";
import type { DB } from "../db/connection.js";
import { ExternalAuthsRepo, type ExternalAuth } from "../db/externalAuths.js";
import { isAuth, type CollectionModel } from "../models/collection.js";
import { forbidden, notFound, unauthorized } from "../tools/errors.js";
import type { RecordAuth } from "./auth.js";
import type { Caller } from "../auth/caller.js";

/**
 * A record's OAuth2 links (`_externalAuths`): listed and removed by the record itself or an
 * admin. Links of a deleted record go with it.
 */
export class ExternalAuths {
  readonly repo: ExternalAuthsRepo;

  constructor(private readonly app: { db: DB; events: EventBus; records: RecordsApi; recordAuth: RecordAuth }) {
    this.repo = new ExternalAuthsRepo(app.db);
    app.events.on("record.delete", (e) => {
      if (isAuth(e.collection)) this.repo.deleteForRecord(e.collection.id, String(e.record.id));
    });
  }

  /** `GET .../records/:id/external-auths`: the record itself or an admin. */
  listFor(idOrName: string, recordId: string, who: Caller): ExternalAuth[] {
    return this.list(this.app.recordAuth.authCollection(idOrName), recordId, who);
  }

  /** `DELETE .../records/:id/external-auths/:provider`: the record itself or an admin. */
  unlinkFor(idOrName: string, recordId: string, provider: string, who: Caller): void {
    this.unlink(this.app.recordAuth.authCollection(idOrName), recordId, provider, who);
  }

  list(c: CollectionModel, recordId: string, who: Caller): ExternalAuth[] {
    this.checkOwner(c, recordId, who);
    return this.repo.listForRecord(c.id, recordId);
  }

  unlink(c: CollectionModel, recordId: string, provider: string, who: Caller): void {
    this.checkOwner(c, recordId, who);
    if (!this.repo.deleteProvider(c.id, recordId, provider)) throw notFound("Missing external auth provider relation.");
  }

  /** Admins, or the record itself; then the record must exist. */
  private checkOwner(c: CollectionModel, recordId: string, who: Caller): void {
    if (!who.admin) {
      const auth = who.info.auth;
      if (!auth) throw unauthorized("The request requires admin or record authorization token to be set.");
      if (String(auth.record.id) !== recordId) throw forbidden();
    }
    if (!this.app.records.find(c, recordId)) throw notFound();
  }
}

/**
 * OAuth2 links made while a record's email was unproven go when the email gets verified
 * (the reference's v0.22.42 pre-hijacking fix): whoever registered the address first and
 * linked their own account keeps no way in.
 */
export function dropUnprovenLinks(db: DB, c: CollectionModel, recordId: string): void {
  new ExternalAuthsRepo(db).deleteForRecord(c.id, recordId);
}
