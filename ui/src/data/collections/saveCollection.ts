import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client } from "../../lib/client";
import { announceCollectionsChanged } from "../../lib/collectionsChannel";
import type { Collection } from "./types";
import { collectionsKeys } from "./keys";

export interface SaveCollectionInput {
  /** Empty for a new collection (POST), else the id to PATCH. */
  id: string;
  payload: Record<string, unknown>;
}

/** POST /api/collections for a new collection, PATCH /api/collections/{id} otherwise; answers the saved collection. */
export async function saveCollection({ id, payload }: SaveCollectionInput): Promise<Collection> {
  const res = id
    ? await client.collections.update(id, payload, { requestKey: null })
    : await client.collections.create(payload, { requestKey: null });
  return res as unknown as Collection;
}

/** After a save the collections list reloads and other tabs are told over the collections channel. */
export function useSaveCollection() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: collectionsKeys.save(),
    mutationFn: saveCollection,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: collectionsKeys.list() });
      announceCollectionsChanged();
    },
  });
}
