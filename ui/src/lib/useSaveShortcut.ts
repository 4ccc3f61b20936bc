import { useEffect, useRef } from "react";
import { registerShortcut } from "./shortcuts";

/**
 * Ctrl/Cmd+S calls `save` while `open`, also from inside inputs. The newest registration
 * (a nested panel) takes the key first; while `blocked` (a confirmation on top) it lets the
 * key pass. The latest `save` is called, without re-registering on every render.
 */
export function useSaveShortcut(open: boolean, save: () => unknown, blocked = false): void {
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    if (!open) return;
    return registerShortcut({
      key: "s",
      mod: true,
      allowInInputs: true,
      description: "Save",
      handler: () => {
        if (blocked) return false;
        void saveRef.current();
        return true;
      },
    });
  }, [open, blocked]);
}
