import type { ProviderDef } from "./providers";

/** A provider's logo: its initials on its colour (decorative; the title names the provider). */
export function ProviderLogo({ def }: { def: ProviderDef }) {
  return (
    <span className="provider-logo" style={{ background: def.logo.color }} aria-hidden="true">
      {def.logo.text}
    </span>
  );
}
