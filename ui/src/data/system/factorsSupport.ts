import { useQuery } from "@tanstack/react-query";
import { client } from "../../lib/client";
import { systemKeys } from "./keys";

/**
 * Whether the server has the sign-in factors beyond PocketBase v0.22 (OTP, MFA, authenticator
 * apps): asked once per server with an admin second step that names no sign-in. Cairn refuses it
 * as a bad request; PocketBase v0.22 has no such route and answers 404. Nothing is signed in
 * or changed either way.
 */
export async function probeFactorsSupport(): Promise<boolean> {
  try {
    const res = await fetch(client.buildUrl("/api/admins/auth-with-totp"), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ mfaId: "", code: "" }),
    });
    return res.status !== 404 && res.status !== 405;
  } catch {
    return false;
  }
}

/** The probe's answer (undefined while it is out). */
export function useFactorsSupport(): boolean | undefined {
  const q = useQuery({ queryKey: systemKeys.factors(client.baseUrl), queryFn: probeFactorsSupport, staleTime: Infinity, gcTime: Infinity, retry: false });
  return q.data;
}
