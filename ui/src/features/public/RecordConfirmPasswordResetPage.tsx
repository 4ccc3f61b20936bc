import { Field } from "../../components/Field";
import { FieldErrorAlert } from "../../components/FieldErrorAlert";
import { readRecordToken, tokenCollection, useConfirmRecordPasswordReset } from "../../data/records/confirm";
import { handleError } from "../../lib/errors";
import { usePageTitle } from "../../lib/title";
import { useForm } from "../../lib/useForm";
import { hasErrors, validateNewPassword } from "../../lib/validation";
import type { RouteProps } from "../../routes";
import { PublicCard } from "../shell/PublicCard";
import { ResultBlock } from "./ResultBlock";
import { fallbackCollection, INVALID_LINK } from "./routeCollection";
import { setFormErrors } from "../../lib/formErrors";
import { BusyButton } from "../../components/BusyButton";

export const RECORD_PASSWORD_CHANGED = "Your password was changed.";

export default function RecordConfirmPasswordResetPage({ params }: RouteProps) {
  usePageTitle("Reset password");
  const token = params.token ?? "";
  const { email } = readRecordToken(token);
  const form = useForm({ password: "", passwordConfirm: "" });
  const confirm = useConfirmRecordPasswordReset();

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (confirm.isPending) return;
    const errors = validateNewPassword(form.values);
    form.setErrors(errors);
    if (hasErrors(errors)) return;
    const collection = tokenCollection(token, fallbackCollection());
    if (!collection) {
      setFormErrors({ token: { code: "invalid_token", message: INVALID_LINK } });
      return;
    }
    confirm.mutate({ token, collection, ...form.values }, { onError: (err) => handleError(err) });
  };

  return (
    <PublicCard title="Reset password">
      {confirm.isSuccess ? (
        <ResultBlock ok title={RECORD_PASSWORD_CHANGED}>
          <p className="txt-hint">You can now sign in to the app with your new password.</p>
        </ResultBlock>
      ) : (
        <form className="form" onSubmit={onSubmit} noValidate aria-label="Reset password">
          {email ? (
            <p className="txt-hint txt-center">
              Choose a new password for <strong>{email}</strong>.
            </p>
          ) : null}
          <FieldErrorAlert name="token" label="Reset link" />
          <Field name="password" label="New password" required error={form.errors.password}>
            {(p) => <input {...p} {...form.bind("password")} type="password" autoComplete="new-password" required autoFocus />}
          </Field>
          <Field name="passwordConfirm" label="New password confirm" required error={form.errors.passwordConfirm}>
            {(p) => <input {...p} {...form.bind("passwordConfirm")} type="password" autoComplete="new-password" required />}
          </Field>
          <BusyButton className="btn btn-primary btn-lg btn-block" busy={confirm.isPending} type="submit">
            Set new password
          </BusyButton>
        </form>
      )}
    </PublicCard>
  );
}
