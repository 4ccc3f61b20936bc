declare global {
  interface Window {
    /** Injected by a host page (e.g. the e2e static server) to point the dashboard at another backend. */
    CAIRN_API_URL?: string;
  }
}

/**
 * The backend base URL: window.CAIRN_API_URL, else (dev server only) an `api` query parameter
 * with an http(s) URL, else the page's own origin. Production builds ignore `?api=` so a crafted
 * link can never send the stored admin token to another host.
 */
export function resolveApiUrl(win: Window = window, allowQueryOverride: boolean = import.meta.env.DEV): string {
  const injected = win.CAIRN_API_URL;
  if (typeof injected === "string" && injected.trim()) return stripSlash(injected.trim());
  if (allowQueryOverride) {
    const fromQuery = new URLSearchParams(win.location.search).get("api");
    if (fromQuery && /^https?:\/\//i.test(fromQuery)) return stripSlash(fromQuery);
  }
  return win.location.origin;
}

function stripSlash(url: string): string {
  return url.replace(/\/+$/, "");
}
