/**
 * Runs fn when the browser is idle (requestIdleCallback, or a short timeout where it is missing,
 * as in Safari). Returns a function that cancels it.
 */
export function whenIdle(fn: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(fn, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const t = window.setTimeout(fn, 200);
  return () => window.clearTimeout(t);
}
