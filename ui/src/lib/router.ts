import { useMemo, useSyncExternalStore } from "react";

/** A hash location: the part after "#", split into a path and an optional query string. */
export interface HashLocation {
  path: string;
  query: URLSearchParams;
  /** The raw hash without "#", e.g. "/logs?filter=x". */
  raw: string;
}

export function parseHash(hash: string): HashLocation {
  let raw = hash.startsWith("#") ? hash.slice(1) : hash;
  if (!raw.startsWith("/")) raw = "/" + raw;
  const q = raw.indexOf("?");
  const rawPath = q >= 0 ? raw.slice(0, q) : raw;
  const search = q >= 0 ? raw.slice(q + 1) : "";
  let path = rawPath.replace(/\/{2,}/g, "/");
  if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
  return { path: path || "/", query: new URLSearchParams(search), raw };
}

/** Matches "/a/:name/b" against a path; returns decoded params or null. */
export function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const pp = pattern.split("/").filter(Boolean);
  const ap = path.split("/").filter(Boolean);
  if (pp.length !== ap.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pp.length; i++) {
    const p = pp[i];
    const a = ap[i];
    if (p.startsWith(":")) {
      try {
        params[p.slice(1)] = decodeURIComponent(a);
      } catch {
        params[p.slice(1)] = a;
      }
    } else if (p !== a) {
      return null;
    }
  }
  return params;
}

/** Builds "path?query" from a path and query values (empty values are dropped). */
export function buildHref(path: string, query?: Record<string, string | null | undefined> | URLSearchParams): string {
  const params = new URLSearchParams();
  if (query instanceof URLSearchParams) {
    query.forEach((v, k) => {
      if (v !== "") params.append(k, v);
    });
  } else if (query) {
    for (const [k, v] of Object.entries(query)) {
      if (v !== null && v !== undefined && v !== "") params.set(k, v);
    }
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

const listeners = new Set<() => void>();

function notify() {
  for (const l of [...listeners]) l();
}

if (typeof window !== "undefined") {
  window.addEventListener("hashchange", notify);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getHash() {
  return window.location.hash;
}

/** Goes to a hash route ("/logs?filter=x"); replace keeps the history length unchanged. */
export function navigate(to: string, opts: { replace?: boolean } = {}): void {
  const target = "#" + (to.startsWith("/") ? to : "/" + to);
  if (window.location.hash === target) return;
  if (opts.replace) {
    const url = window.location.pathname + window.location.search + target;
    window.history.replaceState(window.history.state, "", url);
    notify();
  } else {
    window.location.hash = target;
  }
}

/** Merges values into the current hash query (null/"" removes a key), keeping the path. */
export function setQueryParams(patch: Record<string, string | null | undefined>, opts: { replace?: boolean } = { replace: true }): void {
  const loc = parseHash(window.location.hash);
  for (const [k, v] of Object.entries(patch)) {
    if (v === null || v === undefined || v === "") loc.query.delete(k);
    else loc.query.set(k, v);
  }
  navigate(buildHref(loc.path, loc.query), opts);
}

export function currentLocation(): HashLocation {
  return parseHash(window.location.hash);
}

/** The current hash location; re-renders on every hash change. */
export function useHashLocation(): HashLocation {
  const hash = useSyncExternalStore(subscribe, getHash, () => "");
  return useMemo(() => parseHash(hash), [hash]);
}

/** Whether the current path equals the base or lies under it. */
export function isPathUnder(path: string, base: string): boolean {
  return path === base || path.startsWith(base.endsWith("/") ? base : base + "/");
}
