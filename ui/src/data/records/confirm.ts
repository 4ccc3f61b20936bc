import { useMutation } from "@tanstack/react-query";
import { getTokenPayload } from "pocketbase";
import { client } from "../../lib/client";
import { recordConfirmKeys } from "./keys";

export interface RecordTokenPayload {
  id?: string;
  collectionId?: string;
  email?: string;
  newEmail?: string;
  type?: string;
  exp?: number;
}

export function readRecordToken(token: string): RecordTokenPayload {
  return getTokenPayload(token) as RecordTokenPayload;
}

/** The collection a record token belongs to (its payload's collectionId), else the fallback from the route. */
export function tokenCollection(token: string, fallback = "users"): string {
  return readRecordToken(token).collectionId || fallback;
}

export function confirmRecordVerification({ token, collection }: { token: string; collection: string }) {
  return client.collection(collection).confirmVerification(token, { requestKey: null });
}

export function useConfirmRecordVerification() {
  return useMutation({ mutationKey: recordConfirmKeys.verification(), mutationFn: confirmRecordVerification });
}

export function confirmRecordPasswordReset(v: { token: string; collection: string; password: string; passwordConfirm: string }) {
  return client.collection(v.collection).confirmPasswordReset(v.token, v.password, v.passwordConfirm, { requestKey: null });
}

export function useConfirmRecordPasswordReset() {
  return useMutation({ mutationKey: recordConfirmKeys.passwordReset(), mutationFn: confirmRecordPasswordReset });
}

export function confirmRecordEmailChange(v: { token: string; collection: string; password: string }) {
  return client.collection(v.collection).confirmEmailChange(v.token, v.password, { requestKey: null });
}

export function useConfirmRecordEmailChange() {
  return useMutation({ mutationKey: recordConfirmKeys.emailChange(), mutationFn: confirmRecordEmailChange });
}
