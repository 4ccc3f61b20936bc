import { useMutation } from "@tanstack/react-query";
import { client } from "../../lib/client";
import type { Collection } from "../collections/types";

/** One DELETE per record, all in parallel. */
export async function deleteRecords(v: { collection: Collection; ids: string[] }): Promise<void> {
  await Promise.all(v.ids.map((id) => client.collection(v.collection.id).delete(id, { requestKey: null })));
}

export function useDeleteRecords() {
  return useMutation({ mutationFn: deleteRecords });
}
