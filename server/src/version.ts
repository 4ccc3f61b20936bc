import { readFileSync } from "node:fs";

/** The server package's version (read once from its package.json). */
export const VERSION: string = (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }).version;
