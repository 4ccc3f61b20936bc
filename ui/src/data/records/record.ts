import { useQuery } from "@tanstack/react-query";
import { client } from "../../lib/client";
import type { Collection } from "../collections/types";
import type { RecordData } from "../../features/records/recordModel";
import { createPrimer } from "../../lib/primed";
import { recordsKeys } from "./keys";

export async function fetchRecord(c: Collection, id: string, signal?: AbortSignal): Promise<RecordData> {
  return (await client.collection(c.id).getOne(id, { requestKey: null, signal })) as unknown as RecordData;
}

const primedRecords = createPrimer<RecordData>(5_000);

/** Starts loading a record the panel is about to show (on the row click, while the panel's code loads). */
export function primeRecord(c: Collection, id: string): void {
  primedRecords.prime(`${c.id}/${id}`, () => fetchRecord(c, id));
}

/** One record for the panel (not cached between openings, so the panel always shows fresh data). */
export function useRecord(c: Collection, id: string) {
  return useQuery({ queryKey: recordsKeys.detail(c.id, id), queryFn: ({ signal }) => primedRecords.take(`${c.id}/${id}`, () => fetchRecord(c, id, signal)), enabled: !!id, gcTime: 0, retry: false, refetchOnWindowFocus: false });
}
