import { useEffect, useMemo, useState } from "react";
import { Icon } from "../../../components/Icon";
import { Tooltip } from "../../../components/Tooltip";
import { fetchSettings, type Settings } from "../../../data/settings/settings";
import { handleError } from "../../../lib/errors";
import { SettingsLayout } from "../SettingsLayout";
import { ProviderLogo } from "./ProviderLogo";
import { ProviderPopup } from "./ProviderPopup";
import { providerConfig, shortKey, splitProviders, type ProviderDef } from "./providers";

export const PROVIDERS_INTRO = "Manage the allowed users OAuth2 sign-in/sign-up methods.";

function ProviderCard({ def, enabled, onOpen }: { def: ProviderDef; enabled: boolean; onOpen: () => void }) {
  return (
    <li className={`provider-card${enabled ? " enabled" : ""}`} data-testid={`provider-${def.key}`}>
      <ProviderLogo def={def} />
      <span className="provider-card-title">
        {def.title} <span className="provider-card-key">({shortKey(def.key)})</span>
      </span>
      {enabled ? <span className="badge badge-success">Enabled</span> : null}
      <Tooltip text="Settings">
        <button type="button" className="btn-icon btn-sm" aria-label={`${def.title} settings`} onClick={onOpen}>
          <Icon name="settings" size={16} />
        </button>
      </Tooltip>
    </li>
  );
}

/** /settings/auth-providers: enabled providers first, then the others; each opens its popup. */
export default function AuthProvidersPage() {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [selected, setSelected] = useState<ProviderDef | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const ctrl = new AbortController();
    fetchSettings(ctrl.signal).then(setSettings, (err) => handleError(err));
    return () => ctrl.abort();
  }, []);

  const { enabled, disabled } = splitProviders(settings);
  // One object per selection and settings copy: the popup resets its form when it changes.
  const config = useMemo(() => (selected && settings ? providerConfig(settings, selected.key) : null), [selected, settings]);
  const card = (def: ProviderDef, on: boolean) => (
    <ProviderCard
      key={def.key}
      def={def}
      enabled={on}
      onOpen={() => {
        setSelected(def);
        setOpen(true);
      }}
    />
  );

  return (
    <SettingsLayout title="Auth providers" loading={!settings}>
      <section className="settings-panel" aria-label="Auth providers">
        <p className="settings-intro">{PROVIDERS_INTRO}</p>
        {enabled.length ? <ul className="providers-grid">{enabled.map((d) => card(d, true))}</ul> : null}
        {enabled.length && disabled.length ? (
          <div className="providers-divider" role="separator">
            Disabled
          </div>
        ) : null}
        <ul className="providers-grid">{disabled.map((d) => card(d, false))}</ul>
      </section>
      <ProviderPopup
        open={open}
        def={selected}
        config={config}
        onClose={() => setOpen(false)}
        onSaved={setSettings}
      />
    </SettingsLayout>
  );
}
