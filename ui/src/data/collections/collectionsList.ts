import { useQuery } from "@tanstack/react-query";
import { client } from "../../lib/client";
import type { Collection } from "./types";
import { collectionsKeys } from "./keys";

/** Collections are read as a full list in pages of 200, sorted by name. */
export const COLLECTIONS_BATCH = 200;
export const COLLECTIONS_SORT = "+name";

export async function fetchCollections(signal?: AbortSignal): Promise<Collection[]> {
  return (await client.collections.getFullList({ batch: COLLECTIONS_BATCH, sort: COLLECTIONS_SORT, requestKey: null, signal })) as unknown as Collection[];
}

export function useCollections() {
  return useQuery({ queryKey: collectionsKeys.list(), queryFn: ({ signal }) => fetchCollections(signal) });
}
