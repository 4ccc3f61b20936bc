import { getTokenPayload } from "pocketbase";
import { Field } from "../../components/Field";
import { FieldErrorAlert } from "../../components/FieldErrorAlert";
import { Icon } from "../../components/Icon";
import { useConfirmAdminPasswordReset } from "../../data/auth/passwordReset";
import { handleError } from "../../lib/errors";
import { navigate } from "../../lib/router";
import { usePageTitle } from "../../lib/title";
import { addSuccessToast } from "../../lib/toasts";
import { useForm } from "../../lib/useForm";
import { hasErrors, MIN_ADMIN_PASSWORD_LENGTH, PASSWORD_HINT, validateNewPassword } from "../../lib/validation";
import type { RouteProps } from "../../routes";
import { PublicCard } from "../shell/PublicCard";
import { BusyButton } from "../../components/BusyButton";

export const ADMIN_PASSWORD_CHANGED = "Your admin password was changed. You can sign in with it now.";

export function ConfirmPasswordResetPage({ params }: RouteProps) {
  usePageTitle("Reset admin password");
  const token = params.token ?? "";
  const email = (getTokenPayload(token) as { email?: string }).email ?? "";
  const form = useForm({ password: "", passwordConfirm: "" });
  const confirmReset = useConfirmAdminPasswordReset();

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (confirmReset.isPending) return;
    const errors = validateNewPassword(form.values, MIN_ADMIN_PASSWORD_LENGTH);
    form.setErrors(errors);
    if (hasErrors(errors)) return;
    confirmReset.mutate(
      { token, ...form.values },
      {
        onSuccess: () => {
          addSuccessToast(ADMIN_PASSWORD_CHANGED);
          navigate("/login", { replace: true });
        },
        onError: (err) => handleError(err),
      },
    );
  };

  return (
    <PublicCard title="Reset admin password">
      <form className="form" onSubmit={onSubmit} noValidate aria-label="Reset admin password">
        {email ? (
          <p className="txt-hint txt-center">
            Choose a new password for <strong>{email}</strong>.
          </p>
        ) : null}
        <FieldErrorAlert name="token" label="Reset link" />
        <Field name="password" label="New password" required hint={PASSWORD_HINT} error={form.errors.password}>
          {(p) => <input {...p} {...form.bind("password")} type="password" autoComplete="new-password" required autoFocus minLength={MIN_ADMIN_PASSWORD_LENGTH} />}
        </Field>
        <Field name="passwordConfirm" label="New password confirm" required error={form.errors.passwordConfirm}>
          {(p) => <input {...p} {...form.bind("passwordConfirm")} type="password" autoComplete="new-password" required minLength={MIN_ADMIN_PASSWORD_LENGTH} />}
        </Field>
        <BusyButton className="btn btn-primary btn-lg btn-block" busy={confirmReset.isPending} type="submit">
          Set new password
        </BusyButton>
      </form>
      <div className="public-card-links">
        <a href="#/login" className="link-hint">
          <Icon name="arrowLeft" size={14} /> Back to login
        </a>
      </div>
    </PublicCard>
  );
}
