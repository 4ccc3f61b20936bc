import { useMutation } from "@tanstack/react-query";
import { client } from "../../lib/client";
import type { Collection } from "../collections/types";

/** A bulk delete that failed for some records: the first failure, and the ids that did go. */
export class PartialDeleteError extends Error {
  constructor(
    readonly cause: unknown,
    readonly deleted: string[],
  ) {
    super("Some of the selected records were not deleted.");
  }
}

/**
 * One DELETE per record, all in parallel. Every request runs to its end. If none went, the
 * promise rejects with the first failure; if only some did, with a PartialDeleteError naming them.
 */
export async function deleteRecords(v: { collection: Collection; ids: string[] }): Promise<void> {
  const results = await Promise.allSettled(v.ids.map((id) => client.collection(v.collection.id).delete(id, { requestKey: null })));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (!failed) return;
  const deleted = v.ids.filter((_, i) => results[i].status === "fulfilled");
  throw deleted.length ? new PartialDeleteError(failed.reason, deleted) : failed.reason;
}

export function useDeleteRecords() {
  return useMutation({ mutationFn: deleteRecords });
}
