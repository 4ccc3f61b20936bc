import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ClientResponseError } from "pocketbase";
import { client } from "../../lib/client";
import { backupsKeys } from "./keys";

export interface UploadBackupInput {
  file: File;
  /** Called with the sent fraction (0..1) as the upload advances. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/backups/upload as multipart with the single field `file`. It goes through
 * XMLHttpRequest rather than the SDK's fetch because only XHR reports upload progress;
 * failures come back as the SDK's ClientResponseError so the shared error handler applies.
 */
export function uploadBackup({ file, onProgress, signal }: UploadBackupInput): Promise<void> {
  const url = client.buildUrl("/api/backups/upload");
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("Accept-Language", client.lang);
    if (client.authStore.token) xhr.setRequestHeader("Authorization", client.authStore.token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve();
        return;
      }
      let data: unknown = {};
      try {
        data = JSON.parse(xhr.responseText || "{}");
      } catch {
        data = {};
      }
      reject(new ClientResponseError({ url, status: xhr.status, data }));
    };
    xhr.onerror = () => reject(new ClientResponseError({ url, status: 0, data: {}, originalError: new Error("The upload failed (network error).") }));
    xhr.onabort = () => reject(new ClientResponseError({ url, status: 0, data: {}, isAbort: true }));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append("file", file);
    xhr.send(form);
  });
}

export function useUploadBackup() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: backupsKeys.upload(),
    mutationFn: uploadBackup,
    onSuccess: () => qc.invalidateQueries({ queryKey: backupsKeys.list() }),
  });
}
