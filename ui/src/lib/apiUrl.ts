declare global {
  interface Window {
    /** Injected by a host page (e.g. a test server) to point the dashboard at another backend. */
    CAIRN_API_URL?: string;
  }
}

/**
 * The backend base URL: window.CAIRN_API_URL, else an `api` query parameter of the page address
 * (dev option, only http(s) URLs), else the page's own origin.
 */
export function resolveApiUrl(win: Window = window): string {
  const injected = win.CAIRN_API_URL;
  if (typeof injected === "string" && injected.trim()) return stripSlash(injected.trim());
  const fromQuery = new URLSearchParams(win.location.search).get("api");
  if (fromQuery && /^https?:\/\//i.test(fromQuery)) return stripSlash(fromQuery);
  return win.location.origin;
}

function stripSlash(url: string): string {
  return url.replace(/\/+$/, "");
}
