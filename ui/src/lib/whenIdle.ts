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

/** whenIdle, once the page's load event has passed: work that must not compete with the page's own files. */
export function whenLoadedAndIdle(fn: () => void, timeoutMs = 2000): () => void {
  if (document.readyState === "complete") return whenIdle(fn, timeoutMs);
  let cancel = () => {};
  const onLoad = () => {
    cancel = whenIdle(fn, timeoutMs);
  };
  window.addEventListener("load", onLoad, { once: true });
  return () => {
    window.removeEventListener("load", onLoad);
    cancel();
  };
}
