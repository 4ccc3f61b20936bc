import { useEffect, useState } from "react";

/** Rows rendered per frame. */
export const RENDER_BATCH = 10;

/** Grows the number of rendered rows by one batch per frame until it reaches total; resets with resetKey. */
export function useBatchedCount(total: number, resetKey: string, batch: number = RENDER_BATCH): number {
  const [state, setState] = useState({ key: resetKey, count: batch });
  const count = state.key === resetKey ? state.count : batch;

  useEffect(() => {
    if (state.key !== resetKey) {
      setState({ key: resetKey, count: batch });
      return;
    }
    if (count >= total) return;
    const raf = requestAnimationFrame(() => setState((s) => ({ key: s.key, count: s.count + batch })));
    return () => cancelAnimationFrame(raf);
  }, [count, total, resetKey, batch, state.key]);

  return Math.min(count, total);
}
