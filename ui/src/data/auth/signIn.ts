import { useMutation } from "@tanstack/react-query";
import { client } from "../../lib/client";
import { authKeys } from "./keys";

export interface SignInInput {
  identity: string;
  password: string;
}

export function signIn({ identity, password }: SignInInput) {
  return client.admins.authWithPassword(identity, password, { requestKey: null });
}

export function useSignIn() {
  return useMutation({ mutationKey: authKeys.signIn(), mutationFn: signIn });
}
