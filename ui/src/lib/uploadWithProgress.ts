import { ClientResponseError } from "pocketbase";
import { client } from "./client";

export interface UploadWithProgressOptions {
  method?: "POST" | "PATCH";
  /** Query parameters (e.g. fields, expand), appended like the SDK does. */
  query?: Record<string, string | number | boolean | undefined>;
  /** Called with the sent fraction (0..1) as the upload advances. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** True when a multipart body carries at least one file (a new upload). */
export function hasFileParts(body: FormData): boolean {
  for (const [, v] of body.entries()) if (typeof v !== "string") return true;
  return false;
}

/**
 * Sends a multipart body the way the SDK would (same URL, headers and body), but through
 * XMLHttpRequest, because fetch reports no upload progress. Failures come back as the SDK's
 * ClientResponseError (aborts with isAbort) so the shared error handler applies unchanged.
 */
export function uploadWithProgress<T = unknown>(path: string, body: FormData, opts: UploadWithProgressOptions = {}): Promise<T> {
  const { method = "POST", query, onProgress, signal } = opts;
  let url = client.buildUrl(path);
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) params.append(k, String(v));
  if (params.size) url += (url.includes("?") ? "&" : "?") + params.toString();
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new ClientResponseError({ url, status: 0, data: {}, isAbort: true }));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.setRequestHeader("Accept-Language", client.lang);
    if (client.authStore.token) xhr.setRequestHeader("Authorization", client.authStore.token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      let data: unknown = {};
      try {
        data = JSON.parse(xhr.responseText || "{}");
      } catch {
        // every API answer is JSON except 204
        data = {};
      }
      if (xhr.status >= 200 && xhr.status < 400) {
        onProgress?.(1);
        resolve(data as T);
        return;
      }
      reject(new ClientResponseError({ url: xhr.responseURL || url, status: xhr.status, data }));
    };
    xhr.onerror = () => reject(new ClientResponseError({ url, status: 0, data: {}, originalError: new Error("The upload failed (network error).") }));
    xhr.onabort = () => reject(new ClientResponseError({ url, status: 0, data: {}, isAbort: true }));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
