import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { client } from "../../lib/client";
import { totpKeys } from "./keys";
import { hasTotp, type TotpSetup } from "./types";

const base = (id: string) => `/api/admins/${encodeURIComponent(id)}/totp`;

/** Whether the admin has a confirmed authenticator app (read from the admin as the server answers it). */
export async function adminTotpStatus(id: string): Promise<boolean> {
  const admin = await client.send<Record<string, unknown>>(`/api/admins/${encodeURIComponent(id)}`, { requestKey: null });
  return hasTotp(admin);
}

export function useAdminTotpStatus(id: string) {
  return useQuery({ queryKey: totpKeys.admin(id), queryFn: () => adminTotpStatus(id), enabled: !!id, gcTime: 0 });
}

/** Starts a setup: a new secret (not active until confirmed) and recovery codes. */
export function setupAdminTotp(id: string): Promise<TotpSetup> {
  return client.send<TotpSetup>(base(id), { method: "POST", requestKey: null });
}

/** Activates the pending secret with a current code from the app. */
export function confirmAdminTotp({ id, code }: { id: string; code: string }): Promise<unknown> {
  return client.send(`${base(id)}/confirm`, { method: "POST", body: { code }, requestKey: null });
}

/** Removes the admin's app; for one's own, the server asks for a current (or recovery) code. */
export function removeAdminTotp({ id, code }: { id: string; code?: string }): Promise<unknown> {
  return client.send(base(id), { method: "DELETE", body: code ? { code } : undefined, requestKey: null });
}

export function useSetupAdminTotp() {
  return useMutation({ mutationFn: setupAdminTotp });
}

export function useConfirmAdminTotp() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: confirmAdminTotp, onSuccess: (_d, v) => qc.invalidateQueries({ queryKey: totpKeys.admin(v.id) }) });
}

export function useRemoveAdminTotp() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: removeAdminTotp, onSuccess: (_d, v) => qc.invalidateQueries({ queryKey: totpKeys.admin(v.id) }) });
}
