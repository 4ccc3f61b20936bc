import { useState } from "react";
import { Field } from "../../components/Field";
import { Icon } from "../../components/Icon";
import { useRequestAdminPasswordReset } from "../../data/auth/passwordReset";
import { handleError } from "../../lib/errors";
import { usePageTitle } from "../../lib/title";
import { useForm } from "../../lib/useForm";
import { hasErrors, validateResetRequest } from "../../lib/validation";
import { PublicCard } from "../shell/PublicCard";
import { BusyButton } from "../../components/BusyButton";

export function RequestPasswordResetPage() {
  usePageTitle("Forgotten admin password");
  const form = useForm({ email: "" });
  const [sentTo, setSentTo] = useState("");
  const request = useRequestAdminPasswordReset();

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (request.isPending) return;
    const errors = validateResetRequest(form.values);
    form.setErrors(errors);
    if (hasErrors(errors)) return;
    request.mutate(form.values.email.trim(), {
      onSuccess: () => setSentTo(form.values.email.trim()),
      onError: (err) => handleError(err),
    });
  };

  return (
    <PublicCard title="Forgotten admin password">
      {sentTo ? (
        <div className="result-block" role="status">
          <div className="result-icon result-icon-success">
            <Icon name="mail" size={28} />
          </div>
          <p>
            If <strong>{sentTo}</strong> belongs to an admin, a message with a password reset link is on its way. Check the inbox (and the spam folder).
          </p>
        </div>
      ) : (
        <form className="form" onSubmit={onSubmit} noValidate aria-label="Request password reset">
          <p className="txt-hint">Enter the email of your admin account and we will send you a link to choose a new password.</p>
          <Field name="email" label="Email" required error={form.errors.email}>
            {(p) => <input {...p} {...form.bind("email")} type="email" autoComplete="email" required autoFocus />}
          </Field>
          <BusyButton className="btn btn-primary btn-lg btn-block" busy={request.isPending} type="submit">
            Send reset link
          </BusyButton>
        </form>
      )}
      <div className="public-card-links">
        <a href="#/login" className="link-hint">
          <Icon name="arrowLeft" size={14} /> Back to login
        </a>
      </div>
    </PublicCard>
  );
}
