import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client } from "../../lib/client";
import type { Collection } from "../collections/types";
import { recordsKeys } from "../records/keys";

/** DELETE /api/collections/{c}/records/{id}/totp: an admin removes a record's authenticator app. */
export function removeRecordTotp({ collection, recordId }: { collection: Collection; recordId: string }): Promise<unknown> {
  const path = `/api/collections/${encodeURIComponent(collection.id)}/records/${encodeURIComponent(recordId)}/totp`;
  return client.send(path, { method: "DELETE", requestKey: null });
}

export function useRemoveRecordTotp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: removeRecordTotp,
    onSuccess: (_d, v) => qc.invalidateQueries({ queryKey: recordsKeys.detail(v.collection.id, v.recordId) }),
  });
}
