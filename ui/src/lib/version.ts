declare const __APP_VERSION__: string;

/** Cairn's own version (from the server package). */
export const APP_VERSION: string = typeof __APP_VERSION__ === "string" ? __APP_VERSION__ : "0.0.0";

/** The PocketBase HTTP API line Cairn speaks. */
export const API_VERSION = "v0.22";

/** Cairn's own documentation: the README, shipped beside the dashboard as docs.html (see vite.config.ts). */
export const DOCS_URL = "./docs.html";
/** The running release: its version heading on the same page. */
export const RELEASES_URL = "./docs.html#version";
