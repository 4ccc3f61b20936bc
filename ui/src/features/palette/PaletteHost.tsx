import { useEffect, useState } from "react";
import { lazyWithPreload, useLoaded } from "../../lib/lazyWithPreload";
import { useHashLocation } from "../../lib/router";
import { registerShortcut } from "../../lib/shortcuts";
import { placeOf } from "./paletteModel";
import { rememberPlace } from "./recentPlaces";

const CommandPalette = lazyWithPreload(() => import("./CommandPalette"));
const ShortcutsDialog = lazyWithPreload(() => import("./ShortcutsDialog"));

type Shown = { kind: "palette" | "shortcuts"; session: number; open: boolean };

/**
 * The signed-in shell's global keys: Ctrl/Cmd+K opens the command palette, `?` the shortcuts
 * list; both load on first use. It also remembers the places visited, for the palette's Recent.
 */
export default function PaletteHost() {
  const [shown, setShown] = useState<Shown>({ kind: "palette", session: 0, open: false });
  const { path, query } = useHashLocation();
  const place = placeOf(path, query);
  useEffect(() => rememberPlace(place), [place]);

  useEffect(() => {
    // The same key again closes what it opened.
    const show = (kind: Shown["kind"]) => {
      setShown((s) => (s.open && s.kind === kind ? { ...s, open: false } : { kind, session: s.session + 1, open: true }));
      return true;
    };
    const offPalette = registerShortcut({ key: "k", mod: true, allowInInputs: true, description: "Open the command palette", handler: () => show("palette") });
    const offHelp = registerShortcut({ key: "?", description: "Show the keyboard shortcuts", handler: () => show("shortcuts") });
    return () => {
      offPalette();
      offHelp();
    };
  }, []);

  const Dialog = shown.kind === "palette" ? CommandPalette : ShortcutsDialog;
  const loaded = useLoaded(Dialog, shown.session > 0);
  if (!shown.session || !loaded) return null;
  return <Dialog key={`${shown.kind}${shown.session}`} open={shown.open} onClose={() => setShown((s) => ({ ...s, open: false }))} />;
}
