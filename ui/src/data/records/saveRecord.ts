import { useMutation } from "@tanstack/react-query";
import { client } from "../../lib/client";
import { hasFileParts, uploadWithProgress } from "../../lib/uploadWithProgress";
import type { Collection } from "../collections/types";
import type { RecordData } from "../../features/records/recordModel";

export interface SaveRecordInput {
  collection: Collection;
  id?: string;
  body: FormData;
  /** Upload progress (0..1); only reported when the body carries new files. */
  onProgress?: (fraction: number) => void;
  /** Aborts an upload in flight (the save rejects with an aborted ClientResponseError). */
  signal?: AbortSignal;
}

/**
 * POST (new) or PATCH (existing) a record with a multipart body. A body with new files goes
 * through XMLHttpRequest for its upload progress; everything else through the SDK.
 */
export async function saveRecord(v: SaveRecordInput): Promise<RecordData> {
  if (hasFileParts(v.body)) {
    const base = `/api/collections/${encodeURIComponent(v.collection.id)}/records`;
    const path = v.id ? `${base}/${encodeURIComponent(v.id)}` : base;
    return uploadWithProgress<RecordData>(path, v.body, { method: v.id ? "PATCH" : "POST", onProgress: v.onProgress, signal: v.signal });
  }
  const svc = client.collection(v.collection.id);
  const saved = v.id ? await svc.update(v.id, v.body, { requestKey: null }) : await svc.create(v.body, { requestKey: null });
  return saved as unknown as RecordData;
}

export function useSaveRecord() {
  return useMutation({ mutationFn: saveRecord });
}
