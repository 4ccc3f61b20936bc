import { useEffect } from "react";
import type { Collection } from "../../../data/collections/types";
import { useExternalAuths, useUnlinkExternalAuth } from "../../../data/records/externalAuths";
import { Spinner } from "../../../components/Spinner";
import { confirm } from "../../../lib/confirm";
import { handleError } from "../../../lib/errors";
import { addSuccessToast } from "../../../lib/toasts";
import { providerDef, providerTitle } from "../../settings/providers/providers";
import { ProviderLogo } from "../../settings/providers/ProviderLogo";

export const NO_PROVIDERS = "No linked OAuth2 providers.";
export const PROVIDERS_FAILED = "Failed to load the linked OAuth2 providers.";
/** {provider} is the provider's title ("Google"), as the tab shows it. */
export const confirmUnlink = (provider: string) => `Do you really want to unlink the ${provider} provider?`;
export const unlinkedMessage = (provider: string) => `Successfully unlinked the ${provider} provider.`;

/** "Authorized providers": the record's external auth links with unlink. */
export function ExternalAuthsTab({ collection, recordId }: { collection: Collection; recordId: string }) {
  const q = useExternalAuths(collection, recordId);
  const unlink = useUnlinkExternalAuth();
  // a failure goes to the shared handler; the tab must not say there are no links
  useEffect(() => {
    if (q.error) handleError(q.error);
  }, [q.error]);
  if (q.isPending) return <Spinner label="Loading providers..." />;
  if (q.isError) return <p className="txt-hint">{PROVIDERS_FAILED}</p>;
  const items = q.data ?? [];
  if (!items.length) return <p className="txt-hint">{NO_PROVIDERS}</p>;
  return (
    <ul className="providers-list">
      {items.map((a) => {
        const title = providerTitle(a.provider);
        const def = providerDef(a.provider);
        return (
          <li key={a.id || a.provider} className="provider-item">
            {def ? (
              <ProviderLogo def={def} />
            ) : (
              <span className="provider-logo" aria-hidden="true">
                {a.provider.slice(0, 1).toUpperCase()}
              </span>
            )}
            <span className="provider-name">{title}</span>
            <span className="txt-hint txt-mono">ID: {a.providerId}</span>
            <button
              type="button"
              className="btn btn-sm btn-transparent btn-danger-txt"
              onClick={() =>
                confirm(confirmUnlink(title), async () => {
                  try {
                    await unlink.mutateAsync({ collection, recordId, provider: a.provider });
                    addSuccessToast(unlinkedMessage(title));
                    void q.refetch();
                  } catch (err) {
                    handleError(err);
                  }
                })
              }
            >
              Unlink
            </button>
          </li>
        );
      })}
    </ul>
  );
}
