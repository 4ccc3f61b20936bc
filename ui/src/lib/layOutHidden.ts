/**
 * Adds the markup to the page out of sight (transparent, inert, hidden from assistive
 * technology), lays it out and removes it again, in one task (it is never painted). Chromium
 * builds some things slowly the first time a document needs them and fast after; this pays
 * that first time ahead, in idle time.
 */
export function layOutHidden(html: string): void {
  const box = document.createElement("div");
  box.setAttribute("aria-hidden", "true");
  box.setAttribute("inert", "");
  box.style.cssText = "position:fixed;left:-9999px;top:0;opacity:0;pointer-events:none";
  box.innerHTML = html;
  document.body.appendChild(box);
  box.getBoundingClientRect(); // the layout is what builds them
  box.remove();
}
