import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { client } from "../../lib/client";
import type { Collection } from "../collections/types";
import type { RecordData } from "../../features/records/recordModel";
import { createPrimer, useSettledPrime } from "../../lib/primed";
import { recordsKeys } from "./keys";

export async function fetchRecord(c: Collection, id: string, signal?: AbortSignal): Promise<RecordData> {
  return (await client.collection(c.id).getOne(id, { requestKey: null, signal })) as unknown as RecordData;
}

const primedRecords = createPrimer<RecordData>(5_000);

/** Starts loading a record the panel is about to show (on the row click, while the panel's code loads). */
export function primeRecord(c: Collection, id: string): void {
  primedRecords.prime(`${c.id}/${id}`, () => fetchRecord(c, id));
}

/** How long a record fetched for the panel counts as fresh (its click's prime included). */
const PANEL_RECORD_FRESH_MS = 5_000;

let openings = 0;

/**
 * One record for the panel, not shared between openings: a panel opened again (even in the same
 * commit as the last one closing, or right after a delete) fetches its record instead of showing
 * the last panel's copy. A primed record that has already answered is the query's initial data:
 * the panel's first render shows the form, not a loading state.
 */
export function useRecord(c: Collection, id: string) {
  const key = `${c.id}/${id}`;
  const initial = useSettledPrime(primedRecords, id ? key : undefined);
  const [opening] = useState(() => ++openings);
  return useQuery({
    queryKey: [...recordsKeys.detail(c.id, id), opening],
    queryFn: ({ signal }) => primedRecords.take(key, () => fetchRecord(c, id, signal)),
    initialData: initial?.value,
    initialDataUpdatedAt: initial?.at,
    staleTime: PANEL_RECORD_FRESH_MS,
    enabled: !!id,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
