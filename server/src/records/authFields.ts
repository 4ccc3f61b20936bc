import type { Queryable } from "../db/types.js";
import { recordsRepo } from "../db/records.js";
import { V, verr, type VErrors } from "../fields/errors.js";
import { INLINE_PASSWORDS, type PasswordWork } from "../auth/preparedPasswords.js";
import { authOptions, type CollectionModel } from "../models/collection.js";
import { isEmailFormat } from "../tools/formats.js";
import { randomString } from "../tools/random.js";
import type { LoadedForm } from "./form.js";

const USERNAME_RE = /^[\w][\w.\-]*$/;

/** How an auth record's own fields are checked: a new record or a change, by someone who manages it or not. */
export interface AuthFieldsOptions {
  isNew: boolean;
  /** Admins, and requesters the collection's manageRule lets manage the record: no old password, may change email and verified. */
  manage: boolean;
  /** Where bcrypt runs (a batch's prepared work, else in place). */
  passwords?: PasswordWork;
}

/**
 * Applies an auth record's own fields from its form — username, email, visibility, verified
 * and the password (hashed, with a new tokenKey) — reading uniqueness through `q`; returns
 * their field errors.
 */
export async function checkAuthFields(q: Queryable, c: CollectionModel, form: LoadedForm, { isNew, manage, passwords = INLINE_PASSWORDS }: AuthFieldsOptions): Promise<VErrors> {
  const opts = authOptions(c);
  const a = form.auth;
  const d = form.data;
  const errs: VErrors = {};
  // username
  if (a.username !== undefined || isNew) {
    const username = a.username ?? "";
    if (username === "" && isNew) {
      d.username = await suggestUsername(q, c);
    } else if (username === "") {
      errs.username = V.required();
    } else if ([...username].length < 3 || [...username].length > 150) {
      errs.username = V.length(3, 150);
    } else if (!USERNAME_RE.test(username)) {
      errs.username = V.match();
    } else if (await recordsRepo.valueTaken(q, c.name, "username", username, String(d.id), true)) {
      errs.username = verr("validation_invalid_username", "The username is invalid or already in use.");
    } else d.username = username;
  }
  // email
  if (a.email !== undefined) {
    const email = a.email;
    if (!isNew && !manage && email !== d.email) errs.email = V.in();
    else if (email === "" && opts.requireEmail) errs.email = V.required();
    else if (email !== "" && !isEmailFormat(email)) errs.email = verr("validation_is_email", "must be a valid email address");
    else if (email !== "" && !domainOk(email, opts.exceptEmailDomains, opts.onlyEmailDomains)) errs.email = verr("validation_email_domain_not_allowed", "Email domain is not allowed.");
    else if (email !== "" && (await recordsRepo.valueTaken(q, c.name, "email", email, String(d.id)))) errs.email = verr("validation_invalid_email", "The email is invalid or already in use.");
    else d.email = email;
  } else if (isNew && opts.requireEmail) errs.email = V.required();
  if (a.emailVisibility !== undefined) d.emailVisibility = a.emailVisibility;
  if (a.verified !== undefined) {
    if (!manage && a.verified !== d.verified) errs.verified = V.in();
    else d.verified = a.verified;
  }
  // password
  const changing = isNew || a.password !== undefined || a.passwordConfirm !== undefined;
  if (changing) {
    const pw = a.password ?? "";
    const confirm = a.passwordConfirm ?? "";
    const min = Math.max(opts.minPasswordLength, 0);
    if (pw === "") errs.password = V.required();
    else if ([...pw].length < min || [...pw].length > 72) errs.password = V.length(min, 72);
    if (confirm === "") errs.passwordConfirm = V.required();
    else if (confirm !== pw) errs.passwordConfirm = verr("validation_values_mismatch", "Values don't match.");
    if (!isNew && !manage) {
      if (!a.oldPassword) errs.oldPassword = V.required();
      else if (!(await passwords.verify(a.oldPassword, String(d.passwordHash)))) errs.oldPassword = verr("validation_invalid_old_password", "Missing or invalid old password.");
    }
    if (Object.keys(errs).length === 0 && pw !== "") {
      d.passwordHash = await passwords.hash(pw);
      d.tokenKey = randomString(50);
    }
  }
  if (isNew && !d.tokenKey) d.tokenKey = randomString(50);
  return errs;
}

async function suggestUsername(q: Queryable, c: CollectionModel): Promise<string> {
  const prefix = c.name.replace(/[^\w.-]/g, "") || "users";
  for (let i = 0; i < 20; i++) {
    const name = prefix + randomString(5, "123456789");
    if (!(await recordsRepo.valueTaken(q, c.name, "username", name, "", true))) return name;
  }
  return prefix + randomString(10, "123456789");
}

function domainOk(email: string, except: string[] | null, only: string[] | null): boolean {
  const domain = email.slice(email.lastIndexOf("@") + 1);
  if (except && except.length && except.includes(domain)) return false;
  if (only && only.length && !only.includes(domain)) return false;
  return true;
}
