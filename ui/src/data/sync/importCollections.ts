import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { client } from "../../lib/client";
import type { Collection } from "../collections/types";
import { collectionsKeys } from "../collections/keys";
import { announceCollectionsChanged } from "../../lib/collectionsChannel";
import { syncKeys } from "./keys";

/** The import page reads the existing collections in batches of 200. */
export const IMPORT_BATCH = 200;

export async function fetchCollectionsForImport(signal?: AbortSignal): Promise<Collection[]> {
  return (await client.collections.getFullList({ batch: IMPORT_BATCH, requestKey: null, signal })) as unknown as Collection[];
}

export function useImportBaseCollections() {
  return useQuery({ queryKey: syncKeys.importList(), queryFn: ({ signal }) => fetchCollectionsForImport(signal), staleTime: 0, gcTime: 0 });
}

export interface ImportCollectionsInput {
  collections: Record<string, unknown>[];
  deleteMissing: boolean;
}

/** PUT /api/collections/import {collections, deleteMissing}. */
export async function importCollections({ collections, deleteMissing }: ImportCollectionsInput): Promise<void> {
  await client.collections.import(collections as never, deleteMissing, { requestKey: null });
}

/** After an import every cached collection list (sidebar, export, import base) is stale. */
export function useImportCollections() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: syncKeys.importRun(),
    mutationFn: importCollections,
    onSuccess: async () => {
      announceCollectionsChanged();
      await Promise.all([qc.invalidateQueries({ queryKey: collectionsKeys.all }), qc.invalidateQueries({ queryKey: syncKeys.all })]);
    },
  });
}
