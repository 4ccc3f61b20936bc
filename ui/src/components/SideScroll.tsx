import { useEffect, useRef, useState, type HTMLAttributes, type ReactNode } from "react";
import { isEditableTarget } from "../lib/shortcuts";

/** Wheel deltas in lines (deltaMode 1, Firefox with a mouse) to pixels. */
const LINE_PX = 40;

/** How far a wheel event moves sideways, in pixels: deltaX, or deltaY with Shift held. */
export function sidewaysDelta(e: Pick<WheelEvent, "deltaX" | "deltaY" | "deltaMode" | "shiftKey">, pagePx: number): number {
  const delta = e.deltaX || (e.shiftKey ? e.deltaY : 0);
  if (e.deltaMode === 1) return delta * LINE_PX;
  if (e.deltaMode === 2) return delta * pagePx;
  return delta;
}

/**
 * A mostly sideways wheel is the box's alone (its default is prevented). Left to the browser,
 * nothing would take it and it would mean "go back" on a trackpad; Chromium would also latch the
 * vertical wheels that follow onto nothing (the page stops scrolling until the pointer moves).
 */
export function isSidewaysWheel(e: Pick<WheelEvent, "deltaX" | "deltaY" | "shiftKey">): boolean {
  return e.shiftKey || Math.abs(e.deltaX) >= Math.abs(e.deltaY);
}

const ARROW_STEP_PX = 40;

/**
 * How far Left or Right moves the box, as they would a native scroller: not while the focus uses
 * them (text inputs, editors, sliders, radios; a checkbox does not).
 */
export function arrowKeyStep(e: Pick<KeyboardEvent, "key" | "altKey" | "ctrlKey" | "metaKey" | "shiftKey" | "target">): number {
  if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return 0;
  const step = e.key === "ArrowLeft" ? -ARROW_STEP_PX : e.key === "ArrowRight" ? ARROW_STEP_PX : 0;
  if (!step) return 0;
  const target = e.target;
  if (isEditableTarget(target)) return 0;
  if (target instanceof Element && target.closest('[role="slider"], [role="radio"], input[type="radio"], input[type="range"]')) return 0;
  return step;
}

/** True when the box scrolls sideways by itself (touch screens keep native scrolling, see CSS). */
function scrollsNatively(view: HTMLElement): boolean {
  return getComputedStyle(view).overflowX !== "hidden";
}

export interface SideScrollProps extends Omit<HTMLAttributes<HTMLDivElement>, "children"> {
  className?: string;
  /**
   * A header kept in view at the window's top while the box is (a table's column headers): it
   * sits outside the box, which as a scroll container would hold it, and follows its sideways
   * scroll.
   */
  head?: ReactNode;
  children: ReactNode;
}

/**
 * A box for content wider than itself, with its sideways scrollbar kept at the bottom of the
 * window while the box is in view. A native sideways scroller puts its scrollbar under its last
 * row, out of reach in a long list; and Chromium scrolls it on the compositor, painting every
 * row across the full content width whenever rows are added (about a fifth of the main-thread
 * time of "Load more" on a wide records table).
 *
 * So the box is `overflow-x: hidden`: focus, find-in-page and scrollIntoView still scroll it,
 * and a sideways wheel or trackpad swipe over it, or an arrow key within it, moves it. The wheel
 * listener cannot be passive (see isSidewaysWheel), so the first wheel event of a gesture over
 * the box waits for the main thread: it returns at once for a vertical wheel. The bar below is an empty native scroller kept in step both ways. On touch screens
 * the box keeps native scrolling (components.css) and the bar follows it.
 */
export function SideScroll({ className, head, children, ...rest }: SideScrollProps) {
  const viewRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLDivElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  // The content's width while it is wider than the box, else 0 (no bar).
  const [contentWidth, setContentWidth] = useState(0);

  useEffect(() => {
    const view = viewRef.current;
    if (!view) return;
    const measure = () => setContentWidth(view.scrollWidth > view.clientWidth ? view.scrollWidth : 0);
    measure();
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(view);
    if (view.firstElementChild) observer?.observe(view.firstElementChild);
    const onWheel = (e: WheelEvent) => {
      const dx = sidewaysDelta(e, view.clientWidth);
      if (!dx || scrollsNatively(view)) return;
      view.scrollLeft += dx;
      if (isSidewaysWheel(e)) e.preventDefault();
    };
    const onKeyDown = (e: KeyboardEvent) => {
      const step = arrowKeyStep(e);
      if (!step || e.defaultPrevented || scrollsNatively(view)) return;
      view.scrollLeft += step;
      e.preventDefault();
    };
    // Where this code last put the head: its scroll event comes a frame later, and by then the box
    // may have moved on (a focused cell scrolled it), which must not be undone.
    let headSetTo: number | null = null;
    const onScroll = () => {
      for (const follower of [barRef.current, headRef.current]) {
        if (follower && follower.scrollLeft !== view.scrollLeft) {
          follower.scrollLeft = view.scrollLeft;
          if (follower === headRef.current) headSetTo = follower.scrollLeft;
        }
      }
    };
    // The head scrolls itself when the focus moves to a header off to the side: the box follows.
    const headEl = headRef.current;
    const onHeadScroll = () => {
      if (!headEl || headEl.scrollLeft === headSetTo) return;
      headSetTo = null;
      if (view.scrollLeft !== headEl.scrollLeft) view.scrollLeft = headEl.scrollLeft;
    };
    const targets = headEl ? [view, headEl] : [view];
    for (const t of targets) {
      t.addEventListener("wheel", onWheel, { passive: false });
      t.addEventListener("keydown", onKeyDown);
    }
    view.addEventListener("scroll", onScroll, { passive: true });
    headEl?.addEventListener("scroll", onHeadScroll, { passive: true });
    return () => {
      observer?.disconnect();
      for (const t of targets) {
        t.removeEventListener("wheel", onWheel);
        t.removeEventListener("keydown", onKeyDown);
      }
      view.removeEventListener("scroll", onScroll);
      headEl?.removeEventListener("scroll", onHeadScroll);
    };
  }, []);

  const hasBar = contentWidth > 0;

  // A bar that appears starts where the box is.
  useEffect(() => {
    const view = viewRef.current;
    const bar = barRef.current;
    if (view && bar) bar.scrollLeft = view.scrollLeft;
  }, [hasBar]);

  return (
    <div {...rest} className={`side-scroll${className ? ` ${className}` : ""}`}>
      {head ? (
        <div ref={headRef} className="side-scroll-head">
          {head}
        </div>
      ) : null}
      <div ref={viewRef} className={hasBar ? "side-scroll-view with-bar" : "side-scroll-view"}>
        {children}
      </div>
      {hasBar ? (
        <div
          ref={barRef}
          className="side-scroll-bar"
          aria-hidden="true"
          tabIndex={-1}
          onScroll={(e) => {
            const view = viewRef.current;
            const left = e.currentTarget.scrollLeft;
            if (view && view.scrollLeft !== left) view.scrollLeft = left;
          }}
        >
          <div style={{ width: contentWidth }} />
        </div>
      ) : null}
    </div>
  );
}
