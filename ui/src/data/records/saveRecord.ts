import { useMutation } from "@tanstack/react-query";
import { client } from "../../lib/client";
import type { Collection } from "../collections/types";
import type { RecordData } from "../../features/records/recordModel";

/** POST (new) or PATCH (existing) a record with a multipart body. */
export async function saveRecord(v: { collection: Collection; id?: string; body: FormData }): Promise<RecordData> {
  const svc = client.collection(v.collection.id);
  const saved = v.id ? await svc.update(v.id, v.body, { requestKey: null }) : await svc.create(v.body, { requestKey: null });
  return saved as unknown as RecordData;
}

export function useSaveRecord() {
  return useMutation({ mutationFn: saveRecord });
}
