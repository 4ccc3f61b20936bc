import { cloneElement, useCallback, useEffect, useId, useRef, useState, type ReactElement } from "react";
import { createPortal } from "react-dom";

/** Distance in px between the trigger and the tooltip. */
export const TOOLTIP_OFFSET = 5;

interface TriggerProps {
  "aria-describedby"?: string;
  onMouseEnter?: (e: React.MouseEvent) => void;
  onMouseLeave?: (e: React.MouseEvent) => void;
  onFocus?: (e: React.FocusEvent) => void;
  onBlur?: (e: React.FocusEvent) => void;
  onClick?: (e: React.MouseEvent) => void;
  ref?: React.Ref<HTMLElement>;
}

export interface TooltipProps {
  text: string;
  children: ReactElement<TriggerProps>;
  position?: "top" | "bottom" | "left" | "right";
  /** Hide the tooltip for this long after the trigger is clicked. */
  hideOnClickMs?: number;
}

/** Hover/focus tooltip, described-by its trigger; Escape-free (it is never focus-trapping). */
export function Tooltip({ text, children, position = "top", hideOnClickMs }: TooltipProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const [coords, setCoords] = useState<{ top: number; left: number } | null>(null);
  const triggerRef = useRef<HTMLElement | null>(null);
  const suppressUntil = useRef(0);

  const place = useCallback(() => {
    const el = triggerRef.current;
    if (!el) return;
    const r = el.getBoundingClientRect();
    const pos = {
      top: { top: r.top - TOOLTIP_OFFSET, left: r.left + r.width / 2 },
      bottom: { top: r.bottom + TOOLTIP_OFFSET, left: r.left + r.width / 2 },
      left: { top: r.top + r.height / 2, left: r.left - TOOLTIP_OFFSET },
      right: { top: r.top + r.height / 2, left: r.right + TOOLTIP_OFFSET },
    }[position];
    setCoords(pos);
  }, [position]);

  const show = useCallback(() => {
    if (Date.now() < suppressUntil.current) return;
    place();
    setVisible(true);
  }, [place]);
  const hide = useCallback(() => setVisible(false), []);

  useEffect(() => {
    if (!visible) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setVisible(false);
    };
    window.addEventListener("keydown", onKey, true);
    window.addEventListener("scroll", hide, true);
    return () => {
      window.removeEventListener("keydown", onKey, true);
      window.removeEventListener("scroll", hide, true);
    };
  }, [visible, hide]);

  const props = children.props;
  const trigger = cloneElement(children, {
    ref: (node: HTMLElement | null) => {
      triggerRef.current = node;
    },
    "aria-describedby": [props["aria-describedby"], visible ? id : undefined].filter(Boolean).join(" ") || undefined,
    onMouseEnter: (e: React.MouseEvent) => {
      props.onMouseEnter?.(e);
      show();
    },
    onMouseLeave: (e: React.MouseEvent) => {
      props.onMouseLeave?.(e);
      hide();
    },
    onFocus: (e: React.FocusEvent) => {
      props.onFocus?.(e);
      show();
    },
    onBlur: (e: React.FocusEvent) => {
      props.onBlur?.(e);
      hide();
    },
    onClick: (e: React.MouseEvent) => {
      props.onClick?.(e);
      if (hideOnClickMs) {
        suppressUntil.current = Date.now() + hideOnClickMs;
        hide();
        setTimeout(() => {
          if (triggerRef.current && (triggerRef.current.matches(":hover") || triggerRef.current === document.activeElement)) show();
        }, hideOnClickMs);
      }
    },
  });

  return (
    <>
      {trigger}
      {visible && coords && text
        ? createPortal(
            <div id={id} role="tooltip" className={`tooltip tooltip-${position}`} style={{ top: coords.top, left: coords.left }}>
              {text}
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
