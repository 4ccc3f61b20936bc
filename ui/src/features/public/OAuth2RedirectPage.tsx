import { useEffect } from "react";
import { usePageTitle } from "../../lib/title";
import { PublicCard } from "../shell/PublicCard";
import { ResultBlock } from "./ResultBlock";

export const OAUTH2_SUCCESS = "Signed in with the provider.";
export const OAUTH2_FAILURE = "Signing in with the provider failed.";

export function OAuth2RedirectSuccessPage() {
  usePageTitle("OAuth2 sign-in");
  useEffect(() => {
    // Opened as a popup by the app: try to close it (browsers ignore this for normal tabs).
    const t = setTimeout(() => window.close(), 300);
    return () => clearTimeout(t);
  }, []);
  return (
    <PublicCard title="OAuth2 sign-in">
      <ResultBlock ok title={OAUTH2_SUCCESS}>
        <p className="txt-hint">You can close this window and go back to the app.</p>
      </ResultBlock>
    </PublicCard>
  );
}

export function OAuth2RedirectFailurePage() {
  usePageTitle("OAuth2 sign-in");
  return (
    <PublicCard title="OAuth2 sign-in">
      <ResultBlock ok={false} title={OAUTH2_FAILURE}>
        <p className="txt-hint">Close this window and try again from the app.</p>
      </ResultBlock>
    </PublicCard>
  );
}
