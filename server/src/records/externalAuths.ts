import type { Db, Queryable } from "../db/types.js";
import { externalAuthsRepo, type ExternalAuth } from "../db/externalAuths.js";
import { recordsRepo } from "../db/records.js";
import type { CollectionModel } from "../models/collection.js";
import { forbidden, notFound, unauthorized } from "../tools/errors.js";
import type { RecordAuth } from "./auth.js";
import type { Caller } from "../auth/caller.js";

/**
 * A record's OAuth2 links (`_externalAuths`): listed and removed by the record itself or an
 * admin. Links of a deleted record go in the records service's delete transaction.
 */
export class ExternalAuths {
  constructor(private readonly deps: { db: Db; recordAuth: Pick<RecordAuth, "authCollection"> }) {}

  /** `GET .../records/:id/external-auths`: the record itself or an admin. */
  async listFor(idOrName: string, recordId: string, who: Caller): Promise<ExternalAuth[]> {
    return this.list(await this.deps.recordAuth.authCollection(idOrName), recordId, who);
  }

  /** `DELETE .../records/:id/external-auths/:provider`: the record itself or an admin. */
  async unlinkFor(idOrName: string, recordId: string, provider: string, who: Caller): Promise<void> {
    await this.unlink(await this.deps.recordAuth.authCollection(idOrName), recordId, provider, who);
  }

  async list(c: CollectionModel, recordId: string, who: Caller): Promise<ExternalAuth[]> {
    await this.checkOwner(c, recordId, who);
    return externalAuthsRepo.listForRecord(this.deps.db, c.id, recordId);
  }

  async unlink(c: CollectionModel, recordId: string, provider: string, who: Caller): Promise<void> {
    await this.checkOwner(c, recordId, who);
    const removed = await this.deps.db.transaction((tx) => externalAuthsRepo.deleteProvider(tx, c.id, recordId, provider));
    if (!removed) throw notFound("Missing external auth provider relation.");
  }

  /** Admins, or the record itself; then the record must exist. */
  private async checkOwner(c: CollectionModel, recordId: string, who: Caller): Promise<void> {
    if (!who.admin) {
      const auth = who.info.auth;
      if (!auth) throw unauthorized("The request requires admin or record authorization token to be set.");
      if (String(auth.record.id) !== recordId) throw forbidden();
    }
    if (!(await recordsRepo.idExists(this.deps.db, c.name, recordId))) throw notFound();
  }
}

/**
 * OAuth2 links made while a record's email was unproven go when the email gets verified
 * (the reference's v0.22.42 pre-hijacking fix): whoever registered the address first and
 * linked their own account keeps no way in. Runs in the transaction that verifies.
 */
export async function dropUnprovenLinks(tx: Queryable, c: CollectionModel, recordId: string): Promise<void> {
  await externalAuthsRepo.deleteForRecord(tx, c.id, recordId);
}
