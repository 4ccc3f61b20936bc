import type { Db, Tx } from "../db/types.js";
import type { EventBus } from "../events/bus.js";
import type { SettingsStore } from "../settings/store.js";
import { hashPassword } from "../auth/passwords.js";
import { PROVIDERS, providerEndpoints, usesPkce, type EndpointOverrides, type ProviderSettings } from "../auth/oauth2/index.js";
import { exchangeCode, getJson, OAuth2Error, type OAuth2User } from "../auth/oauth2/provider.js";
import { recordsRepo } from "../db/records.js";
import { externalAuthsRepo } from "../db/externalAuths.js";
import { collectionsRepo, lookup } from "../db/collections.js";
import { ruleAllows } from "../query/rules.js";
import type { CollectionModel } from "../models/collection.js";
import type { RequestInfo } from "../query/requestInfo.js";
import { authOptions } from "../models/collection.js";
import type { Caller } from "../auth/caller.js";
import { badRequest, DomainError, FE, fieldError, type FieldError, forbidden } from "../tools/errors.js";
import { randomString } from "../tools/random.js";
import { formatDate, nowString } from "../tools/time.js";
import { mfaIdOf, type AuthRecord, type RecordAuth, type RecordPresenter } from "./auth.js";
import { recordFromRow, rowFromRecord, type RecordData } from "../models/record.js";
import { updateAuthRecord } from "./authRecordWrite.js";
import { GENERIC_MESSAGE, type SubmittedBody } from "./service.js";

const FAILED = "Failed to authenticate.";
const USERNAME_RE = /^[\w][\w.\-]*$/;

/** The body of `auth-with-oauth2`. */
export interface OAuth2LoginInput {
  provider?: string;
  code?: string;
  codeVerifier?: string;
  redirectUrl?: string;
  createData?: Record<string, unknown>;
  /** The MFA session this sign-in completes (PocketBase v0.23). */
  mfaId?: string;
}

/** Who signs in: an admin, a signed-in record (explicit linking), and the `@request.*` values. */
export interface OAuth2Caller {
  admin: boolean;
  record: AuthRecord | null;
  info: RequestInfo;
}

export interface OAuth2LoginResult {
  auth: AuthRecord;
  meta: OAuth2User & { isNew: boolean };
}

/** What the sign-in needs of the records service. */
export interface OAuth2Records extends RecordPresenter {
  /**
   * Validates and inserts a record in the caller's transaction; its one `record.create` goes
   * out when that transaction commits.
   */
  create(c: CollectionModel, body: SubmittedBody, who: Caller, opts: { tx: Tx }): Promise<RecordData>;
}

/** What OAuth2Login uses. */
export interface OAuth2LoginDeps {
  db: Db;
  settings: Pick<SettingsStore, "get">;
  records: OAuth2Records;
  recordAuth: Pick<RecordAuth, "authCollection" | "authToken" | "signInAnswer">;
  events: EventBus;
  oauth2Endpoints?: EndpointOverrides;
}

/** The provider account a sign-in links to its record. */
interface ProviderAccount {
  provider: string;
  providerId: string;
}

/**
 * OAuth2 sign-in of auth records: exchanges the code with the provider, reads the provider
 * user, then signs in the record linked to that account, or the signed-in record (explicit
 * linking), or the record with the provider's (verified) email, or creates one from
 * `createData` under the collection's create rule. A record linked by email while its own
 * email was unverified gets a new random password and loses its earlier links (an
 * attacker who registered the address first keeps no way in). A sign-in's writes (the record
 * created or updated, its new link) commit in one transaction, which announces the record's
 * change with one event.
 */
export class OAuth2Login {
  constructor(private readonly deps: OAuth2LoginDeps) {}

  /**
   * `auth-with-oauth2`: the collection and its OAuth2 switch are checked before the body is
   * read; the answer is the reference's `{meta, record, token}`.
   */
  async authWithOAuth2(idOrName: string, read: () => OAuth2LoginInput, who: Caller, query: Record<string, unknown>) {
    const c = await this.deps.recordAuth.authCollection(idOrName);
    if (!authOptions(c).allowOAuth2Auth) throw badRequest("The collection is not configured to allow OAuth2 authentication.");
    const body = read();
    const { auth, meta } = await this.signIn(c, body, { admin: who.admin, record: who.info.auth ?? null, info: who.info });
    if (authOptions(c).onlyVerified && auth.record.verified !== true) throw forbidden("Please verify your email first.");
    const answer = await this.deps.recordAuth.signInAnswer(c, auth.record, "oauth2", who, query, mfaIdOf(query, body));
    return {
      meta: {
        id: meta.id,
        name: meta.name,
        username: meta.username,
        email: meta.email,
        avatarUrl: meta.avatarUrl,
        accessToken: meta.accessToken,
        refreshToken: meta.refreshToken,
        expiry: meta.expiry,
        rawUser: meta.rawUser,
        isNew: meta.isNew,
      },
      record: answer.record,
      token: answer.token,
    };
  }

  async signIn(c: CollectionModel, input: OAuth2LoginInput, caller: OAuth2Caller): Promise<OAuth2LoginResult> {
    const cfg = this.validate(input);
    const name = input.provider!;
    const def = PROVIDERS.get(name)!;
    const endpoints = providerEndpoints(def, cfg, this.deps.oauth2Endpoints);
    let user: OAuth2User;
    try {
      const token = await exchangeCode({
        tokenUrl: endpoints.tokenUrl,
        clientId: cfg.clientId ?? "",
        clientSecret: cfg.clientSecret ?? "",
        code: input.code!,
        redirectUrl: input.redirectUrl!,
        codeVerifier: usesPkce(def, cfg) ? (input.codeVerifier ?? "") : undefined,
      });
      const mapped = await def.fetchUser({
        token,
        endpoints,
        clientId: cfg.clientId ?? "",
        getJson: (url, headers) => getJson(url, token.accessToken, headers),
      });
      user = {
        ...mapped,
        accessToken: token.accessToken,
        refreshToken: token.refreshToken,
        expiry: token.expiresIn ? formatDate(new Date(Date.now() + token.expiresIn * 1000)) : "",
      };
    } catch (err) {
      if (err instanceof OAuth2Error || err instanceof TypeError) throw badRequest(GENERIC_MESSAGE);
      throw err;
    }

    const link = await externalAuthsRepo.findByProviderId(this.deps.db, c.id, name, user.id);
    let record: RecordData | undefined;
    if (link) {
      record = await this.find(c, link.recordId);
      if (!record) throw badRequest(GENERIC_MESSAGE);
    } else if (caller.record && caller.record.collection.id === c.id) {
      record = await this.find(c, String(caller.record.record.id));
    } else if (user.email) {
      record = await this.findByEmail(c, user.email);
    }

    const isNew = !record;
    // A new link goes in the same transaction as the record's change.
    const account = link ? null : { provider: name, providerId: user.id };
    record = record ? await this.updateLinked(c, record, user, caller, account) : await this.create(c, user, input.createData, caller, account!);
    return { auth: { collection: c, record }, meta: { ...user, isNew } };
  }

  /** The body's required fields and the provider's settings; the reference's field errors otherwise. */
  private validate(input: OAuth2LoginInput): ProviderSettings {
    const errors: Record<string, FieldError> = {};
    if (!input.code) errors.code = FE.required();
    let cfg: ProviderSettings | undefined;
    if (!input.provider) errors.provider = FE.required();
    else {
      const all = this.deps.settings.get() as unknown as Record<string, ProviderSettings | undefined>;
      cfg = PROVIDERS.has(input.provider) ? all[`${input.provider}Auth`] : undefined;
      if (!cfg?.enabled) errors.provider = fieldError("validation_invalid_provider", `"${input.provider}" is missing or is not enabled.`);
    }
    if (!input.redirectUrl) errors.redirectUrl = FE.required();
    if (Object.keys(errors).length) throw badRequest(GENERIC_MESSAGE, errors);
    return cfg!;
  }

  private async find(c: CollectionModel, id: string): Promise<RecordData | undefined> {
    const row = await recordsRepo.findById(this.deps.db, c.name, id);
    return row ? recordFromRow(c, row) : undefined;
  }

  private async findByEmail(c: CollectionModel, email: string): Promise<RecordData | undefined> {
    const row = await recordsRepo.findAuthByEmail(this.deps.db, c.name, email);
    return row ? recordFromRow(c, row) : undefined;
  }

  /** Links the provider account to the record (in the sign-in's transaction). */
  private async link(tx: Tx, c: CollectionModel, recordId: string, account: ProviderAccount): Promise<void> {
    try {
      await externalAuthsRepo.insert(tx, c.id, recordId, account.provider, account.providerId);
    } catch {
      throw badRequest(FAILED);
    }
  }

  /**
   * A new record from `createData` plus the provider's data, allowed by the create rule, and
   * its link: one transaction, so a refused create leaves nothing behind and announces nothing.
   */
  private async create(
    c: CollectionModel,
    user: OAuth2User,
    createData: Record<string, unknown> | undefined,
    caller: OAuth2Caller,
    account: ProviderAccount,
  ): Promise<RecordData> {
    const payload: Record<string, unknown> = {};
    const u = user.username;
    if (u.length >= 3 && u.length <= 150 && USERNAME_RE.test(u)) payload.username = await this.uniqueUsername(c, u);
    Object.assign(payload, createData ?? {});
    payload.email = user.email;
    payload.verified = true;
    if (typeof payload.password !== "string" || payload.password === "") {
      payload.password = payload.passwordConfirm = randomString(30);
    }
    return this.deps.db.transaction(async (tx) => {
      let saved: RecordData;
      try {
        // Full manage access: the provider vouches for email and verified.
        saved = await this.deps.records.create(c, { data: payload, files: new Map() }, { admin: true, info: caller.info }, { tx });
      } catch (err) {
        if (err instanceof DomainError) throw badRequest(FAILED, err.data);
        throw err;
      }
      if (!(await this.createAllowed(tx, c, String(saved.id), createData, caller))) throw badRequest(FAILED);
      await this.link(tx, c, String(saved.id), account);
      return saved;
    });
  }

  /** Admins always; otherwise the create rule with `@request.data` = createData and context "oauth2". */
  private async createAllowed(tx: Tx, c: CollectionModel, id: string, createData: Record<string, unknown> | undefined, caller: OAuth2Caller): Promise<boolean> {
    if (caller.admin) return true;
    if (c.createRule === null) return false;
    if (c.createRule.trim() === "") return true;
    try {
      const snap = await collectionsRepo.snapshot(tx);
      const info = { ...caller.info, data: createData ?? {}, context: "oauth2" };
      return await ruleAllows(tx, c, c.createRule, id, info, { findCollection: (n) => lookup(snap, n) });
    } catch {
      return false;
    }
  }

  /**
   * An existing record signing in: one found by email while unverified gets a new random
   * password (unless it is the signed-in record linking explicitly); an empty email takes
   * the provider's; the record becomes verified when its email is the provider's, and then
   * the links made before that proof are dropped. The change and the new link (`account`,
   * null when the account was linked already) commit together.
   */
  private async updateLinked(c: CollectionModel, record: RecordData, user: OAuth2User, caller: OAuth2Caller, account: ProviderAccount | null): Promise<RecordData> {
    const explicit = !!caller.record && caller.record.collection.id === c.id && String(caller.record.record.id) === String(record.id);
    const next: RecordData = { ...record };
    if (!explicit && next.email && next.verified !== true) {
      next.passwordHash = await hashPassword(randomString(30));
      next.tokenKey = randomString(50);
      next.lastResetSentAt = "";
    }
    if (!next.email && user.email) next.email = user.email;
    let proven = false;
    if (next.verified !== true && (!next.email || next.email === user.email)) {
      next.verified = true;
      proven = !explicit;
    }
    const changed = Object.keys(next).some((k) => next[k] !== record[k]);
    if (!changed && !account) return record;
    const id = String(record.id);
    try {
      return await this.deps.db.transaction(async (tx) => {
        let saved = record;
        if (changed) {
          next.updated = nowString();
          saved = (await updateAuthRecord(tx, this.deps.events, c, id, rowFromRecord(c, next), record)) ?? next;
          if (proven) await externalAuthsRepo.deleteForRecord(tx, c.id, id);
        }
        if (account) await externalAuthsRepo.insert(tx, c.id, id, account.provider, account.providerId);
        return saved;
      });
    } catch {
      throw badRequest(FAILED);
    }
  }

  private async uniqueUsername(c: CollectionModel, base: string): Promise<string> {
    let name = base;
    for (let i = 0; i < 10 && (await recordsRepo.valueTaken(this.deps.db, c.name, "username", name, "", true)); i++) {
      name = base + randomString(3 + i, "123456789");
    }
    return name;
  }
}
