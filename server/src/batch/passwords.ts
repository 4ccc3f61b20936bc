import type { Caller } from "../auth/caller.js";
import { PreparedPasswords } from "../auth/preparedPasswords.js";
import { authOptions, isAuth, type CollectionModel } from "../models/collection.js";
import { castText } from "../fields/text.js";
import type { RecordService } from "../records/service.js";
import type { BatchOp } from "./requests.js";

const MAX_PASSWORD = 72;

/** The submitted text of `key` when the body is an object that has it. */
function text(data: unknown, key: string): string | undefined {
  if (!data || typeof data !== "object" || Array.isArray(data) || !Object.prototype.hasOwnProperty.call(data, key)) return undefined;
  return castText((data as Record<string, unknown>)[key]);
}

/** A new password the save would hash: set, confirmed and of an allowed length (else the save refuses it unhashed). */
function newPassword(c: CollectionModel, data: unknown): string | undefined {
  const pw = text(data, "password");
  if (!pw || text(data, "passwordConfirm") !== pw) return undefined;
  const length = [...pw].length;
  return length >= authOptions(c).minPasswordLength && length <= MAX_PASSWORD ? pw : undefined;
}

/** The rule that lets the caller make this write at all (null: admins only). */
const writeRule = (c: CollectionModel, op: BatchOp) => (op.action === "create" ? c.createRule : op.action === "update" ? c.updateRule : (c.createRule ?? c.updateRule));

/**
 * A batch's bcrypt work, done before its transaction begins: the transaction holds every other
 * writer back, and hashing fifty sign-ups inside it took seconds. Each write to an auth
 * collection that sets a password gets its hash ready, and each change that names an
 * `oldPassword` gets that check ready, all on one lane of the password pool (the batch takes
 * turns with other requests' sign-ins). Writes the caller may not make at all prepare nothing;
 * whatever was not prepared (the record changed meanwhile) the save still does in place.
 */
export interface PasswordDeps {
  /** The batch's collections (one snapshot: lookups by id or name). */
  collections: { find(nameOrId: string): CollectionModel | undefined };
  records: Pick<RecordService, "find">;
}

export async function preparePasswords(ops: readonly BatchOp[], who: Caller, { collections, records }: PasswordDeps): Promise<Map<number, PreparedPasswords>> {
  const lane = {};
  const prepared = new Map<number, PreparedPasswords>();
  const work: Promise<unknown>[] = [];
  const checks: { passwords: PreparedPasswords; c: CollectionModel; id: string; oldPassword: string }[] = [];
  // Records an earlier request of the batch sets a password on: their stored hash will not be
  // the one a later check meets (that check, against a hash made inside the batch, runs in place).
  const rehashed = new Set<string>();
  for (const op of ops) {
    if (op.action === "delete") continue;
    const c = collections.find(op.collection);
    if (!c || !isAuth(c) || (!who.admin && writeRule(c, op) === null)) continue;
    const pw = newPassword(c, op.data);
    if (pw === undefined) continue;
    const passwords = new PreparedPasswords(lane);
    prepared.set(op.index, passwords);
    work.push(passwords.prepareHash(pw));
    const oldPassword = text(op.data, "oldPassword");
    const id = op.action === "update" ? op.id : text(op.data, "id");
    if (!id) continue;
    const key = `${c.id}/${id}`;
    if (!who.admin && op.action !== "create" && oldPassword && !rehashed.has(key)) checks.push({ passwords, c, id, oldPassword });
    rehashed.add(key);
  }
  // The stored hashes as committed before the batch (read outside its transaction).
  for (const k of checks) {
    const hash = (await records.find(k.c, k.id))?.passwordHash;
    if (typeof hash === "string" && hash) work.push(k.passwords.prepareCheck(k.oldPassword, hash));
  }
  // A failure surfaces where the save looks the result up, as it would have in place.
  await Promise.allSettled(work);
  return prepared;
}
