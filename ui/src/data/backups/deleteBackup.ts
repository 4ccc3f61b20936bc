import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client } from "../../lib/client";
import type { BackupFile } from "./backupsList";
import { backupsKeys } from "./keys";

export async function deleteBackup(key: string): Promise<void> {
  await client.backups.delete(key, { requestKey: null });
}

/** Removes the row at once, then reloads the list. */
export function useDeleteBackup() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: backupsKeys.remove(),
    mutationFn: deleteBackup,
    onSuccess: async (_data, key) => {
      qc.setQueryData<BackupFile[]>(backupsKeys.list(), (list) => list?.filter((b) => b.key !== key));
      await qc.invalidateQueries({ queryKey: backupsKeys.list() });
    },
  });
}
