declare const __APP_VERSION__: string;

/** Cairn's own version (from the server package). */
export const APP_VERSION: string = typeof __APP_VERSION__ === "string" ? __APP_VERSION__ : "0.0.0";

/** The PocketBase HTTP API line Cairn speaks. */
export const API_VERSION = "v0.22";

export const DOCS_URL = "https://pocketbase.io/docs/";
export const RELEASES_URL = "https://github.com/pocketbase/pocketbase/releases";
