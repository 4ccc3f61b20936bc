import { useQuery } from "@tanstack/react-query";
import { client } from "../../lib/client";
import type { RecordData } from "../../features/records/recordModel";
import { recordsKeys } from "./keys";

/** Ids per request: the relation field loads 100 at a time, the record picker 50. */
export const RELATION_BATCH = 100;
export const PICKER_BATCH = 50;

/** `id="a"||id="b"` for one batch of ids. */
export function idsFilter(ids: string[]): string {
  return ids.map((id) => `id="${id.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`).join("||");
}

/** Loads records by id in batches (fields excerpt 200); missing ids are simply absent. Order follows ids. */
export async function fetchRecordsByIds(collectionId: string, ids: string[], batch = RELATION_BATCH, signal?: AbortSignal): Promise<RecordData[]> {
  const found: RecordData[] = [];
  for (let i = 0; i < ids.length; i += batch) {
    const chunk = ids.slice(i, i + batch);
    const res = await client.collection(collectionId).getFullList({ batch, filter: idsFilter(chunk), fields: "*:excerpt(200)", requestKey: null, signal });
    found.push(...(res as unknown as RecordData[]));
  }
  const byId = new Map(found.map((r) => [String(r.id), r]));
  return ids.map((id) => byId.get(id)).filter((r): r is RecordData => !!r);
}

export interface RecordsByIdsOptions {
  /** Ids per request: RELATION_BATCH (the relation field, default) or PICKER_BATCH (the record picker). */
  batch?: number;
  enabled?: boolean;
}

export function useRecordsByIds(collectionId: string, ids: string[], { batch = RELATION_BATCH, enabled = true }: RecordsByIdsOptions = {}) {
  return useQuery({
    queryKey: recordsKeys.byIds(collectionId, ids, batch),
    queryFn: ({ signal }) => fetchRecordsByIds(collectionId, ids, batch, signal),
    enabled: enabled && !!collectionId && ids.length > 0,
    gcTime: 30_000,
    placeholderData: (prev) => prev,
  });
}
