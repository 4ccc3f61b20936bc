import type { TextareaHTMLAttributes } from "react";

/** The id of the fallback the user focused while the code editor was still loading. */
let focusedFallbackId: string | null = null;

/**
 * The plain textarea shown while a lazily loaded code editor downloads. When the editor
 * replaces it, the focused textarea disappears: the editor claims the focus back so the
 * user's next keystrokes are not lost (see `claimFallbackFocus`).
 */
export function CodeFallback({ id, onFocus, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string }) {
  return (
    <textarea
      id={id}
      className="code-fallback"
      onFocus={(e) => {
        focusedFallbackId = id;
        onFocus?.(e);
      }}
      {...rest}
    />
  );
}

/** True once when the fallback with this id had the focus and nothing else took it since. */
export function claimFallbackFocus(id: string | undefined): boolean {
  if (!id || focusedFallbackId !== id) return false;
  focusedFallbackId = null;
  const active = document.activeElement;
  return !active || active === document.body;
}
