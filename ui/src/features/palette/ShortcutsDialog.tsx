import "./palette.css";
import { useMemo, useSyncExternalStore } from "react";
import { OverlayPanel } from "../../components/OverlayPanel";
import { listShortcuts, shortcutsVersion, watchShortcuts } from "../../lib/shortcuts";

/** `?`: the keyboard shortcuts registered where the user is, read from the one registry. */
export default function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  // Follows the registry: the dialog's own Escape registers after its first render.
  const version = useSyncExternalStore(watchShortcuts, shortcutsVersion);
  const shortcuts = useMemo(listShortcuts, [version]);
  return (
    <OverlayPanel open={open} onClose={onClose} title="Keyboard shortcuts" size="popup" className="shortcuts-dialog">
      <dl className="shortcuts-list">
        {shortcuts.map((s) => (
          <div key={`${s.keys} ${s.description}`} className="shortcuts-row">
            <dt>
              <kbd>{s.keys}</kbd>
            </dt>
            <dd>{s.description}</dd>
          </div>
        ))}
      </dl>
    </OverlayPanel>
  );
}
