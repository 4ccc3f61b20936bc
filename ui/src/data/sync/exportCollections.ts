import { useQuery } from "@tanstack/react-query";
import { client } from "../../lib/client";
import type { Collection } from "../collections/types";
import { syncKeys } from "./keys";

/** The export page reads the full collections list in batches of 100. */
export const EXPORT_BATCH = 100;

export async function fetchCollectionsForExport(signal?: AbortSignal): Promise<Collection[]> {
  return (await client.collections.getFullList({ batch: EXPORT_BATCH, sort: "+name", requestKey: null, signal })) as unknown as Collection[];
}

/** Always fresh: an export must show the schema as it is now. */
export function useExportCollections() {
  return useQuery({ queryKey: syncKeys.exportList(), queryFn: ({ signal }) => fetchCollectionsForExport(signal), staleTime: 0, gcTime: 0 });
}
