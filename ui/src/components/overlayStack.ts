import { isEditableTarget } from "../lib/shortcuts";

/** z-index of the first overlay; each one opened over others goes one above the topmost. */
export const OVERLAY_Z_BASE = 1000;
export const OVERLAY_FADE_MS = 150;
export const SCROLL_CHECK_DELAY_MS = 100;
export const BODY_ACTIVE_CLASS = "overlay-active";

const stack: { id: number; zIndex: number }[] = [];
let seq = 0;

function syncBody() {
  if (typeof document === "undefined") return;
  document.body.classList.toggle(BODY_ACTIVE_CLASS, stack.length > 0);
}

/**
 * Registers an opening panel, one z-index above every active one. Not the base plus the number
 * of active panels: a panel opened while one under it is still closing (Duplicate replaces the
 * record panel) took the number the next confirmation then took too, and hid it.
 */
export function pushOverlay(): { id: number; zIndex: number } {
  const entry = { id: ++seq, zIndex: Math.max(OVERLAY_Z_BASE, ...stack.map((e) => e.zIndex)) + 1 };
  stack.push(entry);
  syncBody();
  return entry;
}

export function popOverlay(id: number): void {
  const i = stack.findIndex((e) => e.id === id);
  if (i >= 0) stack.splice(i, 1);
  syncBody();
}

export function activeOverlayCount(): number {
  return stack.length;
}

export function isTopmostOverlay(id: number): boolean {
  return stack.length > 0 && stack[stack.length - 1].id === id;
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
