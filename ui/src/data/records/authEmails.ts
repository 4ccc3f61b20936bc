import { useMutation } from "@tanstack/react-query";
import { client } from "../../lib/client";
import type { Collection } from "../collections/types";

/** POST /api/collections/{c}/request-verification */
export function useRequestVerification() {
  return useMutation({ mutationFn: (v: { collection: Collection; email: string }) => client.collection(v.collection.id).requestVerification(v.email, { requestKey: null }) });
}

/** POST /api/collections/{c}/request-password-reset */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (v: { collection: Collection; email: string }) => client.collection(v.collection.id).requestPasswordReset(v.email, { requestKey: null }) });
}
