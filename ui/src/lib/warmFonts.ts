import { layOutHidden } from "./layOutHidden";

/**
 * Resolves the fonts the app's pages use, once, in idle time. The first text a document lays out
 * in a new family or weight makes Chromium look the face up (for the monospace stack, each
 * family in turn: ui-monospace, SFMono-Regular, … down to the generic one where those are not
 * installed): 15–20 ms for the first monospace text and 2–15 ms for a first bold weight on the
 * 2-core Linux development machine, against ~1 ms after. The records list shown right after a
 * sign-in paid them inside its first render (its ids are monospace, its headers semi-bold).
 */
export function warmFonts(): void {
  layOutHidden(
    '<span style="font-family:var(--font-mono)">0a</span>' +
      [500, 600, 700].map((weight) => `<span style="font-weight:${weight}">a</span>`).join(""),
  );
}
