import { createContext, useCallback, useContext, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { registerShortcut } from "../lib/shortcuts";
import { computeScrollFlags, OVERLAY_FADE_MS, popOverlay, pushOverlay, SCROLL_CHECK_DELAY_MS, shouldCloseOnEscape } from "./overlayStack";
import { Icon } from "./Icon";

export interface OverlayPanelProps {
  open: boolean;
  /** Called when the user asks to close (close button, Escape, backdrop) and beforeHide allows it. */
  onClose: () => void;
  /** Returning false cancels opening (onClose is then called so the owner can reset its state). */
  beforeOpen?: () => boolean;
  /** Returning false cancels closing. */
  beforeHide?: () => boolean;
  /** After the fade-out finished and the panel left the DOM. */
  onAfterHide?: () => void;
  title: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
  size?: "popup" | "md" | "lg";
  overlayClose?: boolean;
  escClose?: boolean;
  showCloseButton?: boolean;
  role?: "dialog" | "alertdialog";
  className?: string;
  /** Accessible description id inside the content, if any. */
  describedBy?: string;
  /** Extra controls in the header, between the title and the close button. */
  headerActions?: ReactNode;
}

const OverlayContext = createContext<{ close: () => void }>({ close: () => {} });

/** Lets content and footer buttons ask the surrounding panel to close (beforeHide applies). */
export function useOverlayClose(): () => void {
  return useContext(OverlayContext).close;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/** Gives the focus back to where it was when a panel opened, if that element is still on the page. */
function focusBack(el: HTMLElement | null): void {
  if (el?.isConnected && typeof el.focus === "function") el.focus();
}

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest("[inert], [hidden]"));
}

export function OverlayPanel(props: OverlayPanelProps) {
  const { open, onClose, beforeOpen, beforeHide, onAfterHide, title, footer, children, size = "md", overlayClose = true, escClose = true, showCloseButton = true, role = "dialog", className = "", describedBy, headerActions } = props;
  const [mounted, setMounted] = useState(false);
  const [active, setActive] = useState(false);
  const [zIndex, setZIndex] = useState(1000);
  const [flags, setFlags] = useState({ scrollable: false, topReached: true, bottomReached: true });
  const stackId = useRef<number | null>(null);
  const previousFocus = useRef<HTMLElement | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const scrollTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const titleId = useId();
  const latest = useRef({ onClose, beforeOpen, beforeHide, onAfterHide });
  latest.current = { onClose, beforeOpen, beforeHide, onAfterHide };

  const requestClose = useCallback(() => {
    if (latest.current.beforeHide && latest.current.beforeHide() === false) return;
    latest.current.onClose();
  }, []);

  // open -> mount, register in the stack, fade in; close -> unregister, fade out, unmount, restore focus.
  useLayoutEffect(() => {
    if (open && stackId.current === null) {
      if (latest.current.beforeOpen && latest.current.beforeOpen() === false) {
        latest.current.onClose();
        return;
      }
      previousFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      const entry = pushOverlay();
      stackId.current = entry.id;
      setZIndex(entry.zIndex);
      setMounted(true);
      return undefined;
    }
    if (!open && stackId.current !== null) {
      popOverlay(stackId.current);
      stackId.current = null;
      setActive(false);
      const t = setTimeout(() => {
        setMounted(false);
        focusBack(previousFocus.current);
        previousFocus.current = null;
        latest.current.onAfterHide?.();
      }, OVERLAY_FADE_MS);
      return () => clearTimeout(t);
    }
    return undefined;
  }, [open]);

  useEffect(() => {
    if (!mounted || !open) return;
    const raf = requestAnimationFrame(() => setActive(true));
    return () => cancelAnimationFrame(raf);
  }, [mounted, open]);

  // Unmounting while open still releases the stack entry, and gives the focus back to where it
  // was when the panel opened (a picker its caller unmounts instead of closing left it on the page).
  useEffect(
    () => () => {
      if (stackId.current === null) return;
      popOverlay(stackId.current);
      stackId.current = null;
      const lost = !document.activeElement || document.activeElement === document.body;
      if (lost) focusBack(previousFocus.current);
    },
    [],
  );

  // Initial focus: the first focusable element in the content, else the panel.
  useEffect(() => {
    if (!mounted || !open) return;
    const panel = panelRef.current;
    if (!panel) return;
    const auto = panel.querySelector<HTMLElement>("[data-autofocus]");
    const content = contentRef.current;
    const first = auto ?? (content ? focusables(content)[0] : undefined);
    (first ?? panel).focus({ preventScroll: true });
  }, [mounted, open]);

  useEffect(() => {
    if (!mounted || !open || !escClose) return;
    return registerShortcut({
      key: "Escape",
      allowInInputs: true,
      description: "Close the panel",
      handler: (e) => {
        if (stackId.current === null || !shouldCloseOnEscape(stackId.current, e.target)) return false;
        requestClose();
        return true;
      },
    });
  }, [mounted, open, escClose, requestClose]);

  const checkScroll = useCallback(() => {
    if (scrollTimer.current) clearTimeout(scrollTimer.current);
    scrollTimer.current = setTimeout(() => {
      const el = contentRef.current;
      if (!el) return;
      const next = computeScrollFlags(el);
      setFlags((prev) =>
        prev.scrollable === next.scrollable && prev.topReached === next.topReached && prev.bottomReached === next.bottomReached ? prev : next,
      );
    }, SCROLL_CHECK_DELAY_MS);
  }, []);

  useEffect(() => {
    if (!mounted) return;
    checkScroll();
    const el = contentRef.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const ro = new ResizeObserver(checkScroll);
    ro.observe(el);
    if (el.firstElementChild) ro.observe(el.firstElementChild);
    window.addEventListener("resize", checkScroll);
    return () => {
      ro.disconnect();
      window.removeEventListener("resize", checkScroll);
      if (scrollTimer.current) clearTimeout(scrollTimer.current);
    };
  }, [mounted, checkScroll]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key !== "Tab" || !panelRef.current) return;
    const items = focusables(panelRef.current);
    if (!items.length) {
      e.preventDefault();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    if (e.shiftKey && (document.activeElement === first || document.activeElement === panelRef.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  if (!mounted) return null;

  const contentClass = [
    "overlay-panel-content",
    flags.scrollable ? "scrollable" : "",
    flags.topReached ? "scroll-top-reached" : "",
    flags.bottomReached ? "scroll-bottom-reached" : "",
  ]
    .filter(Boolean)
    .join(" ");

  return createPortal(
    <OverlayContext.Provider value={{ close: requestClose }}>
      <div className={`overlay-container${active ? " active" : ""}`} style={{ zIndex, transitionDuration: `${OVERLAY_FADE_MS}ms` }}>
        <div
          className="overlay-backdrop"
          aria-hidden="true"
          data-testid="overlay-backdrop"
          onClick={() => {
            if (overlayClose) requestClose();
          }}
        />
        <div
          ref={panelRef}
          className={`overlay-panel overlay-panel-${size} ${className}`.trim()}
          role={role}
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={describedBy}
          tabIndex={-1}
          onKeyDown={onKeyDown}
        >
          <header className="overlay-panel-header">
            <h2 id={titleId} className="overlay-panel-title">
              {title}
            </h2>
            {headerActions}
            {showCloseButton ? (
              <button type="button" className="btn-icon overlay-close" aria-label="Close" onClick={requestClose}>
                <Icon name="close" />
              </button>
            ) : null}
          </header>
          <div ref={contentRef} className={contentClass} onScroll={checkScroll}>
            {children}
          </div>
          {footer ? <footer className="overlay-panel-footer">{footer}</footer> : null}
        </div>
      </div>
    </OverlayContext.Provider>,
    document.body,
  );
}
