import { useCallback, useState } from "react";
import { readStorage, storageKeys, writeStorage } from "../../lib/storageKeys";

export const SIDEBAR_WIDTH = { min: 200, max: 480, default: 260, step: 20 } as const;

export function clampSidebarWidth(v: number): number {
  if (!Number.isFinite(v)) return SIDEBAR_WIDTH.default;
  return Math.min(SIDEBAR_WIDTH.max, Math.max(SIDEBAR_WIDTH.min, Math.round(v)));
}

/** The collections sidebar width in px, remembered in local storage. */
export function useSidebarWidth(): [number, (v: number) => void] {
  const [width, setWidth] = useState(() => {
    const stored = readStorage(storageKeys.sidebarWidth);
    return stored === null ? SIDEBAR_WIDTH.default : clampSidebarWidth(Number(stored));
  });
  const set = useCallback((v: number) => {
    const next = clampSidebarWidth(v);
    setWidth(next);
    writeStorage(storageKeys.sidebarWidth, String(next));
  }, []);
  return [width, set];
}
