import { isEditableTarget } from "../lib/shortcuts";

/** z-index of the first overlay; each active panel adds one. */
export const OVERLAY_Z_BASE = 1000;
export const OVERLAY_FADE_MS = 150;
export const SCROLL_CHECK_DELAY_MS = 100;
export const BODY_ACTIVE_CLASS = "overlay-active";

const stack: number[] = [];
let seq = 0;

function syncBody() {
  if (typeof document === "undefined") return;
  document.body.classList.toggle(BODY_ACTIVE_CLASS, stack.length > 0);
}

/** Registers an opening panel; its z-index is the base plus the number of active panels. */
export function pushOverlay(): { id: number; zIndex: number } {
  const id = ++seq;
  stack.push(id);
  syncBody();
  return { id, zIndex: OVERLAY_Z_BASE + stack.length };
}

export function popOverlay(id: number): void {
  const i = stack.indexOf(id);
  if (i >= 0) stack.splice(i, 1);
  syncBody();
}

export function activeOverlayCount(): number {
  return stack.length;
}

export function isTopmostOverlay(id: number): boolean {
  return stack.length > 0 && stack[stack.length - 1] === id;
}

/** Escape closes only the topmost panel and never while focus is in an input. */
export function shouldCloseOnEscape(id: number, target: EventTarget | null): boolean {
  return isTopmostOverlay(id) && !isEditableTarget(target);
}

export interface ScrollFlags {
  scrollable: boolean;
  topReached: boolean;
  bottomReached: boolean;
}

export function computeScrollFlags(el: { scrollTop: number; scrollHeight: number; clientHeight: number }): ScrollFlags {
  const scrollable = el.scrollHeight > el.clientHeight + 1;
  return {
    scrollable,
    topReached: el.scrollTop <= 0,
    bottomReached: el.scrollTop + el.clientHeight >= el.scrollHeight - 1,
  };
}

/** Test helper: forget every registered overlay. */
export function resetOverlayStack(): void {
  stack.length = 0;
  syncBody();
}
