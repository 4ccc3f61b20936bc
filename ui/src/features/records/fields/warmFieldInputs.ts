import type { SchemaField } from "../../../data/collections/types";
import { whenIdle } from "../../../lib/whenIdle";
import { layOutHidden } from "../../../lib/layOutHidden";

/**
 * Chromium builds the first form control of each kind in a document slowly and every later one
 * fast: a `datetime-local` input ~50 ms (its localized date formats), a file input ~13 ms, a
 * number input ~9 ms, a textarea or the first monospace text ~7 ms. A record panel opening with
 * one of each paid all of it inside the click. These lay out one hidden control of each kind
 * the collection's fields use, one per idle period, before a panel opens.
 */
const CONTROLS: Record<string, string> = {
  date: '<input type="datetime-local" step="1" value="2000-01-01T00:00:00">',
  file: '<input type="file">',
  number: '<input type="number" value="1">',
  json: '<textarea style="font-family:var(--font-mono)">{}</textarea>',
  email: '<input type="email" value="a@example.com">',
  url: '<input type="url" value="https://example.com">',
};

const warmed = new Set<string>();

/** Warms the controls a record panel for these fields will show (auth collections: email too). Returns a cancel function. */
export function warmFieldInputs(fields: readonly Pick<SchemaField, "type">[], auth: boolean): () => void {
  const kinds = [...new Set([...fields.map((f) => f.type), ...(auth ? ["email"] : [])])].filter((k) => k in CONTROLS);
  const batches = [kinds.filter((k) => k === "date"), kinds.filter((k) => k !== "date")];
  let cancel = () => {};
  const next = () => {
    const batch = batches.shift();
    if (!batch) return;
    const html = batch.filter((k) => !warmed.has(k)).map((k) => (warmed.add(k), CONTROLS[k]!));
    if (html.length) layOutHidden(html.join(""));
    cancel = whenIdle(next);
  };
  cancel = whenIdle(next);
  return () => cancel();
}
