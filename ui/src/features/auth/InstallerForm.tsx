import { Field } from "../../components/Field";
import { useCreateFirstAdmin } from "../../data/auth/createFirstAdmin";
import { handleError } from "../../lib/errors";
import { addressWithoutInstaller } from "../../lib/session";
import { useForm } from "../../lib/useForm";
import { hasErrors, MIN_ADMIN_PASSWORD_LENGTH, PASSWORD_HINT, validateFirstAdmin } from "../../lib/validation";
import { usePageTitle } from "../../lib/title";
import { PublicCard } from "../shell/PublicCard";
import { BusyButton } from "../../components/BusyButton";

/** The installer: creates the first admin, signs in, then reloads without the installer flag. */
export function InstallerForm({ reload = (url: string) => window.location.replace(url) }: { reload?: (url: string) => void }) {
  usePageTitle("Installer");
  const form = useForm({ email: "", password: "", passwordConfirm: "" });
  const create = useCreateFirstAdmin();

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (create.isPending) return;
    const errors = validateFirstAdmin(form.values);
    form.setErrors(errors);
    if (hasErrors(errors)) return;
    create.mutateAsync(form.values).then(
      () => reload(addressWithoutInstaller()),
      (err) => handleError(err),
    );
  };

  return (
    <PublicCard title="Create your first admin account">
      <p className="txt-hint txt-center">This admin signs in to the dashboard and can invite others later.</p>
      <form className="form" onSubmit={onSubmit} noValidate aria-label="Create first admin">
        <Field name="email" label="Email" required error={form.errors.email}>
          {(p) => <input {...p} {...form.bind("email")} type="email" autoComplete="email" required autoFocus />}
        </Field>
        <Field name="password" label="Password" required hint={PASSWORD_HINT} error={form.errors.password}>
          {(p) => <input {...p} {...form.bind("password")} type="password" autoComplete="new-password" required minLength={MIN_ADMIN_PASSWORD_LENGTH} />}
        </Field>
        <Field name="passwordConfirm" label="Password confirm" required error={form.errors.passwordConfirm}>
          {(p) => <input {...p} {...form.bind("passwordConfirm")} type="password" autoComplete="new-password" required minLength={MIN_ADMIN_PASSWORD_LENGTH} />}
        </Field>
        <BusyButton className="btn btn-primary btn-lg btn-block" busy={create.isPending} type="submit">
          Create and sign in
        </BusyButton>
      </form>
    </PublicCard>
  );
}
