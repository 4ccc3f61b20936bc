import { useEffect, useRef } from "react";
import { Spinner } from "../../components/Spinner";
import { tokenCollection, useConfirmRecordVerification } from "../../data/records/confirm";
import { normalizeError } from "../../lib/errors";
import { usePageTitle } from "../../lib/title";
import type { RouteProps } from "../../routes";
import { PublicCard } from "../shell/PublicCard";
import { ResultBlock } from "./ResultBlock";
import { fallbackCollection } from "./routeCollection";

export const VERIFICATION_SUCCESS = "Your email address is verified.";
export const VERIFICATION_FAILURE = "This verification link is invalid or has expired.";

export default function RecordConfirmVerificationPage({ params }: RouteProps) {
  usePageTitle("Email verification");
  const token = params.token ?? "";
  const confirm = useConfirmRecordVerification();
  const started = useRef(false);
  const collection = tokenCollection(token, fallbackCollection());

  useEffect(() => {
    if (started.current || !collection) return;
    started.current = true;
    confirm.mutate({ token, collection });
  }, [token, collection, confirm]);

  const errorMessage = confirm.error ? fieldOrMessage(confirm.error) : "";

  if (!collection) {
    return (
      <PublicCard title="Email verification">
        <ResultBlock ok={false} title={VERIFICATION_FAILURE} />
      </PublicCard>
    );
  }

  return (
    <PublicCard title="Email verification">
      {confirm.isPending || confirm.isIdle ? (
        <div className="result-block">
          <Spinner size="lg" label="Verifying..." />
          <p className="txt-hint">Verifying your email address...</p>
        </div>
      ) : confirm.isSuccess ? (
        <ResultBlock ok title={VERIFICATION_SUCCESS}>
          <p className="txt-hint">You can close this page and go back to the app.</p>
        </ResultBlock>
      ) : (
        <ResultBlock ok={false} title={VERIFICATION_FAILURE}>
          {errorMessage ? <p className="txt-hint">{errorMessage}</p> : null}
        </ResultBlock>
      )}
    </PublicCard>
  );
}

/** The token field's message when the server gave one, else the response message. */
export function fieldOrMessage(err: unknown): string {
  const e = normalizeError(err);
  const data = e.response.data as Record<string, { message?: string }> | undefined;
  return data?.token?.message || e.message;
}
