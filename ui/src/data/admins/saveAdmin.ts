import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client } from "../../lib/client";
import type { AdminModel } from "../../lib/authState";
import { adminsKeys } from "./keys";

export interface AdminPayload {
  email?: string;
  avatar?: number;
  password?: string;
  passwordConfirm?: string;
}

/** POST /api/admins (new) or PATCH /api/admins/{id}; a saved self replaces the stored auth model. */
export async function saveAdmin({ id, data }: { id?: string; data: AdminPayload }): Promise<AdminModel> {
  const saved = (id ? await client.admins.update(id, data, { requestKey: null }) : await client.admins.create(data, { requestKey: null })) as unknown as AdminModel;
  const current = client.authStore.model as AdminModel | null;
  if (current && current.id === saved.id && client.authStore.isAdmin) client.authStore.save(client.authStore.token, saved as never);
  return saved;
}

export function useSaveAdmin() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: adminsKeys.save(),
    mutationFn: saveAdmin,
    onSuccess: () => qc.invalidateQueries({ queryKey: adminsKeys.lists() }),
  });
}
