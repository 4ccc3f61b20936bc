import type { RunningServer } from "./servers.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "./dataDirs.js";

export interface Call {
  method?: string;
  path: string;
  body?: unknown;
  /** Raw body text (sent as-is with the JSON content type). */
  rawBody?: string;
  headers?: Record<string, string>;
  /** An Authorization token to send. */
  token?: string;
  /** A multipart form to send: text values, or `[fileName, content]` uploads, in order. */
  form?: [string, string | [string, string | Buffer]][];
}

export interface Answer {
  status: number;
  body: unknown;
  /** The body as received (to compare bytes). */
  text?: string;
  headers: Headers;
}

export async function call(server: RunningServer, c: Call): Promise<Answer> {
  const headers: Record<string, string> = { ...c.headers };
  let body: string | FormData | undefined;
  if (c.form) {
    const fd = new FormData();
    for (const [k, v] of c.form) typeof v === "string" ? fd.append(k, v) : fd.append(k, new Blob([typeof v[1] === "string" ? v[1] : new Uint8Array(v[1])]), v[0]);
    body = fd;
  } else if (c.rawBody !== undefined) {
    body = c.rawBody;
    headers["content-type"] ??= "application/json";
  } else if (c.body !== undefined) {
    body = JSON.stringify(c.body);
    headers["content-type"] ??= "application/json";
  }
  if (c.token) headers.authorization = c.token;
  const res = await fetch(server.url + c.path, { method: c.method ?? "GET", headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* keep text */
  }
  return { status: res.status, body: parsed, text, headers: res.headers };
}

/** Signs in the default admin and returns its token. */
export async function adminToken(server: RunningServer, email = ADMIN_EMAIL, password = ADMIN_PASSWORD): Promise<string> {
  const res = await call(server, { method: "POST", path: "/api/admins/auth-with-password", body: { identity: email, password } });
  if (res.status !== 200) throw new Error(`sign-in failed on ${server.name}: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { token: string }).token;
}

/** Values that differ between two servers by nature (random ids, times, tokens). */
const VOLATILE = new Set(["id", "created", "updated", "token", "execTime", "date", "remoteIp", "userIp", "userAgent"]);

/**
 * Replaces volatile values by a type marker so two answers can be compared exactly:
 * same keys, same non-volatile values, same types for the volatile ones.
 */
export function mask(v: unknown, volatile: Set<string> = VOLATILE): unknown {
  if (Array.isArray(v)) return v.map((x) => mask(x, volatile));
  if (v && typeof v === "object") {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) {
      const val = (v as Record<string, unknown>)[k];
      out[k] = volatile.has(k) && (typeof val === "string" || typeof val === "number") ? `<${typeof val}>` : mask(val, volatile);
    }
    return out;
  }
  return v;
}

/** The structure of a value: keys and JSON types, arrays reduced to their first element's shape. */
export function shape(v: unknown): unknown {
  if (Array.isArray(v)) return v.length ? [shape(v[0])] : [];
  if (v && typeof v === "object") {
    return Object.fromEntries(Object.keys(v).sort().map((k) => [k, shape((v as Record<string, unknown>)[k])]));
  }
  return v === null ? "null" : typeof v;
}
