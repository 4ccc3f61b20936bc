/** Every local-storage key the dashboard uses, named after the product. */
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
  /** Prefix for the hidden columns of one collection: prefix + collectionId. */
  hiddenColumnsPrefix: "cairn_hidden_columns_",
  /** Prefix for a record draft: prefix + collectionId + "_" + recordId. */
  recordDraftPrefix: "cairn_record_draft_",
  /** The last recipient of a settings test email. */
  lastTestEmail: "cairn_last_test_email",
  /** "light" | "dark"; absent means follow the system. */
  theme: "cairn_theme",
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
