import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client } from "../../lib/client";
import { announceCollectionsChanged } from "../../lib/collectionsChannel";
import { collectionsKeys } from "./keys";

/** DELETE /api/collections/{id}. */
export async function deleteCollection(id: string): Promise<void> {
  await client.collections.delete(id, { requestKey: null });
}

export function useDeleteCollection() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: collectionsKeys.remove(),
    mutationFn: deleteCollection,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: collectionsKeys.list() });
      announceCollectionsChanged();
    },
  });
}
