import yazl from "yazl";
import type { RunningServer } from "./servers.js";

/** Test helpers for the backups tests (not used by the server). */

export interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}

async function answer(res: Response): Promise<Answer> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* keep text */
  }
  return { status: res.status, body, headers: res.headers };
}

/** Posts a multipart form with one file part (or none) to `/api/backups/upload`. */
export async function upload(
  server: RunningServer,
  token: string | undefined,
  file?: { field?: string; name: string; data: Buffer; type?: string },
): Promise<Answer> {
  const form = new FormData();
  if (file) form.append(file.field ?? "file", new Blob([new Uint8Array(file.data)], { type: file.type ?? "application/octet-stream" }), file.name);
  else form.append("other", "value");
  const headers: Record<string, string> = token ? { authorization: token } : {};
  return answer(await fetch(`${server.url}/api/backups/upload`, { method: "POST", headers, body: form }));
}

/** A zip of the given entries, in memory (test archives are tiny); `modes` sets entries' Unix modes (e.g. a symbolic link's). */
export function zipOf(entries: Record<string, string | Buffer>, modes: Record<string, number> = {}): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(entries)) {
    if (name.endsWith("/")) zip.addEmptyDirectory(name);
    else zip.addBuffer(Buffer.isBuffer(data) ? data : Buffer.from(data), name, modes[name] === undefined ? {} : { mode: modes[name] });
  }
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on("data", (c: Buffer) => chunks.push(c));
    zip.outputStream.on("end", () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on("error", reject);
  });
}

/**
 * A zip whose entry `placeholder` is renamed to `evil` (same length) in its local and central
 * headers: yazl itself refuses to write names like `../x`.
 */
export async function zipWithRawName(entries: Record<string, string | Buffer>, placeholder: string, evil: string): Promise<Buffer> {
  if (placeholder.length !== evil.length) throw new Error("names must have the same length");
  const buf = await zipOf(entries);
  const from = Buffer.from(placeholder);
  const to = Buffer.from(evil);
  for (let i = buf.indexOf(from); i >= 0; i = buf.indexOf(from, i + 1)) to.copy(buf, i);
  return buf;
}


/** Downloads a backup with a fresh admin file token. */
export async function download(server: RunningServer, token: string, key: string): Promise<{ status: number; data: Buffer; headers: Headers }> {
  const t = await fetch(`${server.url}/api/files/token`, { method: "POST", headers: { authorization: token } });
  const fileToken = ((await t.json()) as { token: string }).token;
  const res = await fetch(`${server.url}/api/backups/${encodeURIComponent(key)}?token=${fileToken}`);
  return { status: res.status, data: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}
