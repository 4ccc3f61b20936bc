import { useQuery } from "@tanstack/react-query";
import { client } from "../../lib/client";
import type { Collection } from "../collections/types";
import { idsFilter } from "./recordsByIds";
import { recordsKeys } from "./keys";

/** Where a pasted record id was found. */
export interface FoundRecord {
  collection: Collection;
  id: string;
}

/**
 * Asks every collection, at once, for a record with this id (ids are unique per collection,
 * not across them). A collection that fails (a broken view) counts as not having it.
 */
export async function findRecordById(collections: Collection[], id: string, signal?: AbortSignal): Promise<FoundRecord[]> {
  const hits = await Promise.all(
    collections.map(async (collection) => {
      try {
        const res = await client.collection(collection.id).getList(1, 1, { filter: idsFilter([id]), fields: "id", skipTotal: true, requestKey: null, signal });
        return res.items.length ? { collection, id } : null;
      } catch {
        return null;
      }
    }),
  );
  return hits.filter((h): h is FoundRecord => h !== null);
}

export function useFindRecordById(collections: Collection[] | undefined, id: string, enabled: boolean) {
  return useQuery({
    queryKey: recordsKeys.findById(id),
    queryFn: ({ signal }) => findRecordById(collections ?? [], id, signal),
    enabled: enabled && !!collections?.length && !!id,
    gcTime: 30_000,
  });
}
