import { buildHref } from "../../lib/router";
import { SETTINGS_LINKS, SYNC_LINKS } from "../settings/SettingsSidebar";

/** A place the palette can go to: a page, a settings page, a collection, a record. */
export interface Place {
  /** The hash route ("/settings/mail", "/collections?collectionId=x"). */
  to: string;
  label: string;
  /** Extra words the search matches ("mail settings", "smtp"). */
  keywords?: string[];
}

/** Pages outside the settings menu, and words that find the settings pages under other names. */
const PAGES: Place[] = [
  { to: "/collections", label: "Collections", keywords: ["records", "home"] },
  { to: "/logs", label: "Logs", keywords: ["requests"] },
];
const SETTINGS_KEYWORDS: Record<string, string[]> = {
  "/settings": ["application", "app name", "url"],
  "/settings/mail": ["smtp", "email", "templates"],
  "/settings/storage": ["s3", "files"],
  "/settings/auth-providers": ["oauth2", "login"],
  "/settings/tokens": ["jwt", "session", "duration"],
};

/** The pages the palette lists; the sync pages only when the app is not restricted. */
export function palettePages(hideControls: boolean): Place[] {
  const settings = [...SETTINGS_LINKS, ...(hideControls ? [] : SYNC_LINKS)].map((l) => ({
    to: l.to,
    // "Mail settings" reads as such already; the others say where they live.
    label: /settings/i.test(l.label) ? l.label : `${l.label} settings`,
    keywords: ["settings", ...(SETTINGS_KEYWORDS[l.to] ?? [])],
  }));
  return [...PAGES, ...settings];
}

/** Whether the search text may be a pasted record id (worth asking every collection about). */
export function looksLikeRecordId(text: string): boolean {
  const t = text.trim();
  if (!/^[\w-]{3,100}$/.test(t)) return false;
  // PocketBase's own ids are 15 characters; shorter custom ids need a digit to tell them from words.
  return t.length === 15 || /\d/.test(t);
}

/** The place a route is remembered as: collections keep their collection and open record only. */
export function placeOf(path: string, query: URLSearchParams): string {
  if (path !== "/collections") return path;
  return buildHref(path, { collectionId: query.get("collectionId"), recordId: query.get("recordId") });
}

/** How a remembered place reads; null when it no longer exists (a deleted collection). */
export function placeLabel(place: string, pages: Place[], collections: { id: string; name: string }[]): string | null {
  const q = place.indexOf("?");
  const path = q >= 0 ? place.slice(0, q) : place;
  const query = new URLSearchParams(q >= 0 ? place.slice(q + 1) : "");
  const collectionId = query.get("collectionId");
  if (path === "/collections" && collectionId) {
    const c = collections.find((x) => x.id === collectionId);
    if (!c) return null;
    const recordId = query.get("recordId");
    return recordId ? `${c.name} / ${recordId}` : c.name;
  }
  return pages.find((p) => p.to === path)?.label ?? null;
}

/** Remembered places, newest first: the given one moved to the front, at most `max`. */
export function addRecent(list: string[], place: string, max = RECENT_MAX): string[] {
  return [place, ...list.filter((p) => p !== place)].slice(0, max);
}

export const RECENT_MAX = 8;
