/** Why a server could not be reached, by the network error's code (fetch itself only says "fetch failed"). */
const REASONS: Record<string, string> = {
  ECONNREFUSED: "connection refused: is the server running at that address?",
  ENOTFOUND: "no such host",
  EAI_AGAIN: "the host name could not be resolved",
  ECONNRESET: "the connection was reset",
  EHOSTUNREACH: "the host is unreachable",
  UND_ERR_CONNECT_TIMEOUT: "the connection timed out",
};

/** `--url` checked up front, so a typo is not reported as a network failure. */
export function serverBase(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`--url ${url} is not a URL: give the server's address, e.g. --url http://127.0.0.1:8090`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new Error(`--url ${url}: only http:// and https:// addresses are supported`);
  return url.replace(/\/+$/, "");
}

/** fetch() whose network failures name the server and the reason instead of a bare "fetch failed". */
export async function serverFetch(base: string, path: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(base + path, init);
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    const reason = (cause?.code && REASONS[cause.code]) || cause?.message || (err as Error).message;
    throw new Error(`cannot reach ${base} (${reason})`);
  }
}
