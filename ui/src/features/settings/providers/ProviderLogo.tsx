import "./providerLogo.css";
import { PROVIDER_ICONS } from "./providerIcons";
import type { ProviderDef } from "./providers";

/**
 * A provider's logo, white on its colour: the brand's glyph where simple-icons has it, else its
 * initials (decorative; the title names the provider).
 */
export function ProviderLogo({ def }: { def: ProviderDef }) {
  const icon = PROVIDER_ICONS[def.key];
  return (
    <span className="provider-logo" style={{ background: def.logo.color }} aria-hidden="true">
      {icon ? (
        <svg viewBox="0 0 24 24" focusable="false">
          <path d={icon.path} />
        </svg>
      ) : (
        def.logo.text
      )}
    </span>
  );
}
