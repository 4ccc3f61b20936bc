import { useMutation, useQuery } from "@tanstack/react-query";
import { client } from "../../lib/client";
import type { Collection } from "../collections/types";
import { recordsKeys } from "./keys";

export interface ExternalAuth {
  id: string;
  provider: string;
  providerId: string;
}

export function useExternalAuths(c: Collection, recordId: string) {
  return useQuery({
    queryKey: recordsKeys.externalAuths(c.id, recordId),
    queryFn: async () => (await client.collection(c.id).listExternalAuths(recordId, { requestKey: null })) as unknown as ExternalAuth[],
    enabled: !!recordId,
    gcTime: 0,
  });
}

export function unlinkExternalAuth(v: { collection: Collection; recordId: string; provider: string }) {
  return client.collection(v.collection.id).unlinkExternalAuth(v.recordId, v.provider, { requestKey: null });
}

export function useUnlinkExternalAuth() {
  return useMutation({ mutationFn: unlinkExternalAuth });
}
