import { useMutation } from "@tanstack/react-query";
import { client } from "../../lib/client";
import { authKeys } from "./keys";

export interface FirstAdminInput {
  email: string;
  password: string;
  passwordConfirm: string;
}

/** POST /api/admins, then a password sign-in with the same credentials. */
export async function createFirstAdmin(input: FirstAdminInput) {
  await client.admins.create(input, { requestKey: null });
  return client.admins.authWithPassword(input.email, input.password, { requestKey: null });
}

export function useCreateFirstAdmin() {
  return useMutation({ mutationKey: authKeys.createFirstAdmin(), mutationFn: createFirstAdmin });
}
