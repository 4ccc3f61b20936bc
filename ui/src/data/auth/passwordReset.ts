import { useMutation } from "@tanstack/react-query";
import { client } from "../../lib/client";
import { authKeys } from "./keys";

export function requestAdminPasswordReset(email: string) {
  return client.admins.requestPasswordReset(email, { requestKey: null });
}

export function useRequestAdminPasswordReset() {
  return useMutation({ mutationKey: authKeys.requestPasswordReset(), mutationFn: requestAdminPasswordReset });
}

export interface ConfirmResetInput {
  token: string;
  password: string;
  passwordConfirm: string;
}

export function confirmAdminPasswordReset({ token, password, passwordConfirm }: ConfirmResetInput) {
  return client.admins.confirmPasswordReset(token, password, passwordConfirm, { requestKey: null });
}

export function useConfirmAdminPasswordReset() {
  return useMutation({ mutationKey: authKeys.confirmPasswordReset(), mutationFn: confirmAdminPasswordReset });
}
