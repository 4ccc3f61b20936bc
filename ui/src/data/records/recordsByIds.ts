import { useQuery } from "@tanstack/react-query";
import { client } from "../../lib/client";
import type { RecordData } from "../../features/records/recordModel";
import { recordsKeys } from "./keys";

/** Relation field batches (the picker uses 50). */
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

export function useRecordsByIds(collectionId: string, ids: string[]) {
  return useQuery({
    queryKey: recordsKeys.byIds(collectionId, ids),
    queryFn: ({ signal }) => fetchRecordsByIds(collectionId, ids, RELATION_BATCH, signal),
    enabled: !!collectionId && ids.length > 0,
    gcTime: 30_000,
    placeholderData: (prev) => prev,
  });
}
