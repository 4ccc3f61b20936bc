import { useMutation } from "@tanstack/react-query";
import { client } from "../../lib/client";
import { authKeys } from "./keys";

export interface AuthWithTotpInput {
  mfaId: string;
  /** A 6-digit code from the authenticator app, or one of the recovery codes. */
  code: string;
}

/** The admin sign-in's second step: the password step's mfaId plus a TOTP or recovery code. */
export async function authWithTotp({ mfaId, code }: AuthWithTotpInput) {
  const data = await client.send<{ token: string; admin: Record<string, unknown> }>("/api/admins/auth-with-totp", {
    method: "POST",
    body: { mfaId, code },
    requestKey: null,
  });
  // as the SDK's authWithPassword does with its answer
  if (data?.token && data.admin) client.authStore.save(data.token, data.admin as never);
  return data;
}

export function useAuthWithTotp() {
  return useMutation({ mutationKey: authKeys.authWithTotp(), mutationFn: authWithTotp });
}
