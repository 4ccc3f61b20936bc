import { Field } from "../../components/Field";
import { FieldErrorAlert } from "../../components/FieldErrorAlert";
import { readRecordToken, tokenCollection, useConfirmRecordEmailChange } from "../../data/records/confirm";
import { handleError } from "../../lib/errors";
import { usePageTitle } from "../../lib/title";
import { useForm } from "../../lib/useForm";
import { hasErrors, required } from "../../lib/validation";
import type { RouteProps } from "../../routes";
import { PublicCard } from "../shell/PublicCard";
import { ResultBlock } from "./ResultBlock";
import { fallbackCollection, INVALID_LINK } from "./routeCollection";
import { setFormErrors } from "../../lib/formErrors";
import { BusyButton } from "../../components/BusyButton";

export const EMAIL_CHANGED = "Your email address was changed.";

export default function RecordConfirmEmailChangePage({ params }: RouteProps) {
  usePageTitle("Confirm email change");
  const token = params.token ?? "";
  const { newEmail } = readRecordToken(token);
  const form = useForm({ password: "" });
  const confirm = useConfirmRecordEmailChange();

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (confirm.isPending) return;
    const errors = { password: required(form.values.password) };
    form.setErrors(errors);
    if (hasErrors(errors)) return;
    const collection = tokenCollection(token, fallbackCollection());
    if (!collection) {
      setFormErrors({ token: { code: "invalid_token", message: INVALID_LINK } });
      return;
    }
    confirm.mutate({ token, collection, password: form.values.password }, { onError: (err) => handleError(err) });
  };

  return (
    <PublicCard title="Confirm email change">
      {confirm.isSuccess ? (
        <ResultBlock ok title={EMAIL_CHANGED}>
          <p className="txt-hint">Sign in to the app with {newEmail ? <strong>{newEmail}</strong> : "the new address"} from now on.</p>
        </ResultBlock>
      ) : (
        <form className="form" onSubmit={onSubmit} noValidate aria-label="Confirm email change">
          <p className="txt-hint txt-center">
            {newEmail ? (
              <>
                Enter your password to move your account to <strong>{newEmail}</strong>.
              </>
            ) : (
              "Enter your password to confirm the new email address."
            )}
          </p>
          <FieldErrorAlert name="token" label="Confirmation link" />
          <Field name="password" label="Password" required error={form.errors.password}>
            {(p) => <input {...p} {...form.bind("password")} type="password" autoComplete="current-password" required autoFocus />}
          </Field>
          <BusyButton className="btn btn-primary btn-lg btn-block" busy={confirm.isPending} type="submit">
            Confirm new email
          </BusyButton>
        </form>
      )}
    </PublicCard>
  );
}
