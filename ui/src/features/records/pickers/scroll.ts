/** Pickers load the next page when the list is scrolled within this many px of its end. */
export const SCROLL_THRESHOLD = 100;

export function nearBottom(el: HTMLElement, threshold = SCROLL_THRESHOLD): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= threshold;
}
