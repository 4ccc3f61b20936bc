/** Every local-storage key the dashboard uses: named after the product, except the keys the spec names. */
export const PRODUCT_NAME = "Cairn";

export const storageKeys = {
  /** The admin session (token + model), owned by the SDK's LocalAuthStore. */
  adminAuth: "cairn_admin",
  /** The cached admin file token. */
  adminFileToken: "cairn_admin_file_token",
  /** "1" when the logs page includes requests made by admins. */
  logsAdminRequests: "cairn_logs_admin_requests",
  /** Collections sidebar width in px. */
  sidebarWidth: "cairn_sidebar_width",
  /** JSON list of pinned collection ids. */
  pinnedCollections: "cairn_pinned_collections",
  /** JSON list of the hidden columns of one collection (the spec's key). */
  hiddenColumns: (collectionId: string) => `${collectionId}@hiddenColumns`,
  /** A record's draft (the spec's key). */
  recordDraft: (collectionId: string, recordId: string) => `record_draft_${collectionId}_${recordId}`,
  /** The last recipient of a settings test email. */
  lastTestEmail: "cairn_last_test_email",
  /** JSON list of the command palette's recently visited places (hash routes), newest first. */
  recentPlaces: "cairn_recent_places",
  /** "light" | "dark"; absent means follow the system. */
  theme: "cairn_theme",
} as const;

/** Keys of earlier Cairn releases, moved to the spec's keys when first read. */
export const legacyStorageKeys = {
  hiddenColumns: (collectionId: string) => `cairn_hidden_columns_${collectionId}`,
  recordDraft: (collectionId: string, recordId: string) => `cairn_record_draft_${collectionId}_${recordId}`,
} as const;

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // storage may be unavailable (private mode, quota); the dashboard keeps working without it
  }
}

/** Reads key; when it is absent, a value saved under legacyKey is moved to key (and legacyKey removed). */
export function readMovedStorage(key: string, legacyKey: string): string | null {
  const value = readStorage(key);
  if (value !== null) return value;
  const legacy = readStorage(legacyKey);
  if (legacy !== null) {
    writeStorage(key, legacy);
    writeStorage(legacyKey, null);
  }
  return legacy;
}

/** A JSON list of strings ([] when absent or unreadable). */
export function parseStringList(text: string | null): string[] {
  if (!text) return [];
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

/** The JSON list of strings kept under key. */
export function readStringList(key: string): string[] {
  return parseStringList(readStorage(key));
}
