import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client } from "../../lib/client";
import { adminsKeys } from "./keys";

/** DELETE /api/admins/{id}. */
export async function deleteAdmin(id: string): Promise<void> {
  await client.admins.delete(id, { requestKey: null });
}

export function useDeleteAdmin() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: adminsKeys.remove(),
    mutationFn: deleteAdmin,
    onSuccess: () => qc.invalidateQueries({ queryKey: adminsKeys.lists() }),
  });
}
