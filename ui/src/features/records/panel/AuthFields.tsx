import { useState } from "react";
import { Field } from "../../../components/Field";
import type { Collection } from "../../../data/collections/types";
import { confirm } from "../../../lib/confirm";
import { CIcon } from "../../collections/icons";
import { generatePassword, type RecordData, type RecordErrors } from "../recordModel";

export const USERNAME_PLACEHOLDER = "Leave empty to auto generate...";
export const CONFIRM_VERIFIED = "Do you really want to manually change the verified account state?";

export interface AuthFieldsProps {
  collection: Collection;
  record: RecordData;
  isNew: boolean;
  /** The verified state as loaded (the confirm asks only when changing a saved record). */
  originalVerified: boolean;
  changePassword: boolean;
  onChangePassword: (v: boolean) => void;
  set: (key: string, value: unknown) => void;
  errors: RecordErrors;
}

/** The auth record part: username, email with Public On/Off, password (new or "Change password"), verified. */
export function AuthFields({ collection, record, isNew, changePassword, onChangePassword, set, errors }: AuthFieldsProps) {
  const requireEmail = !!collection.options?.requireEmail;
  const showPassword = isNew || changePassword;
  const minLength = Number(collection.options?.minPasswordLength ?? 0);
  // a generated password shows, so the admin can pass it on; Show/Hide toggles it
  const [revealed, setRevealed] = useState(false);
  const passwordType = revealed ? "text" : "password";
  const generate = () => {
    const pass = generatePassword(minLength);
    set("password", pass);
    set("passwordConfirm", pass);
    setRevealed(true);
  };
  return (
    <fieldset className="auth-fields">
      <legend className="visually-hidden">Account</legend>
      <Field name="username" label="Username" required={isNew ? false : true} error={errors.username?.message}>
        {(p) => <input {...p} type="text" value={String(record.username ?? "")} placeholder={isNew ? USERNAME_PLACEHOLDER : undefined} required={!isNew} autoComplete="off" spellCheck={false} onChange={(e) => set("username", e.target.value)} />}
      </Field>
      <Field
        name="email"
        label={
          <span className="email-label">
            Email
          </span>
        }
        required={requireEmail}
        error={errors.email?.message}
      >
        {(p) => (
          <div className="input-with-action">
            <input {...p} type="email" value={String(record.email ?? "")} required={requireEmail} autoComplete="off" onChange={(e) => set("email", e.target.value)} />
            <button
              type="button"
              className={`btn btn-sm ${record.emailVisibility ? "btn-primary" : "btn-secondary"}`}
              aria-pressed={!!record.emailVisibility}
              aria-label={`Email public: ${record.emailVisibility ? "On" : "Off"}`}
              title="Make email public or private"
              onClick={() => set("emailVisibility", !record.emailVisibility)}
            >
              Public: {record.emailVisibility ? "On" : "Off"}
            </button>
          </div>
        )}
      </Field>
      {!isNew ? (
        <label className="checkbox-label">
          <input
            type="checkbox"
            checked={changePassword}
            onChange={(e) => {
              onChangePassword(e.target.checked);
              if (!e.target.checked) {
                set("password", "");
                set("passwordConfirm", "");
              }
            }}
          />
          <span>Change password</span>
        </label>
      ) : null}
      {showPassword ? (
        <div className="password-fields">
          <Field name="password" label="Password" required error={errors.password?.message}>
            {(p) => (
              <div className="input-with-action">
                <input {...p} type={passwordType} value={String(record.password ?? "")} required autoComplete="new-password" spellCheck={false} onChange={(e) => set("password", e.target.value)} />
                <button type="button" className="btn btn-sm btn-secondary" aria-pressed={revealed} onClick={() => setRevealed((v) => !v)}>
                  {revealed ? "Hide" : "Show"}
                </button>
                <button type="button" className="btn btn-sm btn-secondary" onClick={generate} title="Generate a random password">
                  <CIcon name="key" size={14} /> Generate
                </button>
              </div>
            )}
          </Field>
          <Field name="passwordConfirm" label="Password confirm" required error={errors.passwordConfirm?.message}>
            {(p) => <input {...p} type={passwordType} value={String(record.passwordConfirm ?? "")} required autoComplete="new-password" spellCheck={false} onChange={(e) => set("passwordConfirm", e.target.value)} />}
          </Field>
        </div>
      ) : null}
      <Field name="verified" label="Verified" inline>
        {(p) => (
          <input
            {...p}
            type="checkbox"
            role="switch"
            checked={!!record.verified}
            onChange={(e) => {
              const next = e.target.checked;
              if (isNew) {
                set("verified", next);
                return;
              }
              // show the new state while asking; declining reverts it
              set("verified", next);
              confirm(CONFIRM_VERIFIED, () => undefined, () => set("verified", !next));
            }}
          />
        )}
      </Field>
    </fieldset>
  );
}
