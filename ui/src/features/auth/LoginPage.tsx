import { useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Field } from "../../components/Field";
import { Icon } from "../../components/Icon";
import { useSignIn } from "../../data/auth/signIn";
import { client, isAdminSessionValid } from "../../lib/client";
import { holdSessionRender } from "../../lib/authState";
import { normalizeError } from "../../lib/errors";
import { setFormErrors } from "../../lib/formErrors";
import { useHashLocation } from "../../lib/router";
import { usePageTitle } from "../../lib/title";
import { useForm } from "../../lib/useForm";
import { whenLoadedAndIdle } from "../../lib/whenIdle";
import { hasErrors, validateSignIn } from "../../lib/validation";
import { PublicCard } from "../shell/PublicCard";
import { AppLayout } from "../shell/LazyAppLayout";
import { BusyButton } from "../../components/BusyButton";
import { mfaIdOf } from "../../data/auth/mfaId";
import { TotpStep } from "./TotpStep";

export const INVALID_CREDENTIALS = "Invalid login credentials.";

/** How long the render of a new session waits at most for the landing page's data. */
export const MAX_SESSION_HOLD_MS = 150;

let landingModule: typeof import("../collections/prefetchLanding") | undefined;
const loadLanding = () => import("../collections/prefetchLanding").then((m) => (landingModule = m));

/** demoEmail / demoPassword from the hash query or the page query. */
function demoValue(hashQuery: URLSearchParams, key: string): string {
  return hashQuery.get(key) ?? new URLSearchParams(window.location.search).get(key) ?? "";
}

export function LoginPage() {
  usePageTitle("Admin sign in");
  const { query } = useHashLocation();
  const form = useForm({ identity: demoValue(query, "demoEmail"), password: demoValue(query, "demoPassword") });
  const [failed, setFailed] = useState(false);
  /** Set once the password was right and a second factor is asked. */
  const [mfaId, setMfaId] = useState<string | null>(null);
  /** Back from the second step: the email is kept, the password is to be typed again. */
  const [passwordFirst, setPasswordFirst] = useState(false);
  const signIn = useSignIn();
  const qc = useQueryClient();
  // Busy until the page goes: a signed-in session shows once the landing page's data is in.
  const busy = signIn.isPending || signIn.isSuccess;
  // The landing page's code loads once the sign-in page has loaded and is idle (chunks of their
  // own, so the sign-in page's first load stays small): by the time the form is sent it is there,
  // and the browser is not compiling it while the server checks the password (on two cores that
  // check took twice as long).
  useEffect(() => whenLoadedAndIdle(() => void loadLanding().then((m) => m.preloadCollectionsPage(), () => {})), []);

  /**
   * Gets the landing page ready while a sign-in call is out (either step): its code, if idle time
   * has not loaded it yet, and its data the moment the session is stored (the SDK stores it on the
   * sign-in response). The app renders the new session once that data is in: the page then renders
   * in one pass, and the requests do not wait behind a render of the page without it (one long
   * task). The route guard then sends the page on from /login. Returns the watcher's stop.
   */
  const prepareLanding = () => {
    const landing = loadLanding();
    void landing.then((m) => m.preloadCollectionsPage(), () => {});
    const shell = AppLayout.preload().catch(() => {});
    const stopWatching = client.authStore.onChange(() => {
      stopWatching();
      if (!isAdminSessionValid()) return;
      const release = holdSessionRender();
      setTimeout(release, MAX_SESSION_HOLD_MS); // a slow collections list must not hold the page
      const data = landingModule ? landingModule.prefetchLanding(qc) : landing.then((m) => m.prefetchLanding(qc));
      Promise.all([data, shell]).then(release, release);
    });
    return stopWatching;
  };

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const errors = validateSignIn(form.values);
    form.setErrors(errors);
    if (hasErrors(errors)) return;
    setFailed(false);
    const stopWatching = prepareLanding();
    // mutateAsync: the page unmounts once the session is shown, the promise still settles.
    signIn.mutateAsync(form.values).catch((err) => {
      stopWatching();
      const e = normalizeError(err);
      if (e.isAbort) return;
      // A password that is right for an admin with an authenticator app: the second step.
      const id = mfaIdOf(err);
      if (id) {
        signIn.reset();
        setMfaId(id);
        return;
      }
      setFailed(true);
      const data = e.response.data;
      if (data && typeof data === "object" && Object.keys(data).length) setFormErrors(data as Record<string, unknown>);
    });
  };

  if (mfaId) {
    return (
      <PublicCard title="Admin sign in">
        <TotpStep
          mfaId={mfaId}
          prepareLanding={prepareLanding}
          onBack={() => {
            setMfaId(null);
            setPasswordFirst(true);
            form.setValues((v) => ({ ...v, password: "" }));
          }}
        />
      </PublicCard>
    );
  }

  return (
    <PublicCard title="Admin sign in">
      <form className="form" onSubmit={onSubmit} noValidate aria-label="Admin sign in">
        {failed ? (
          <div className="alert alert-danger" role="alert">
            <Icon name="alert" />
            <span>{INVALID_CREDENTIALS}</span>
          </div>
        ) : null}
        <Field name="identity" label="Email" required error={form.errors.identity}>
          {(p) => <input {...p} {...form.bind("identity")} type="email" autoComplete="username" required autoFocus={!passwordFirst} />}
        </Field>
        <Field name="password" label="Password" required error={form.errors.password}>
          {(p) => <input {...p} {...form.bind("password")} type="password" autoComplete="current-password" required autoFocus={passwordFirst} />}
        </Field>
        <div className="form-row-end">
          <a href="#/request-password-reset" className="link-hint">
            Forgotten password?
          </a>
        </div>
        <BusyButton className="btn btn-primary btn-lg btn-block" busy={busy} type="submit">
          Login
        </BusyButton>
      </form>
    </PublicCard>
  );
}
