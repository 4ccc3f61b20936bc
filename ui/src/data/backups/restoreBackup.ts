import { useMutation } from "@tanstack/react-query";
import { client } from "../../lib/client";
import { backupsKeys } from "./keys";

/** POST /api/backups/{key}/restore; the server swaps its data directory and restarts. */
export async function restoreBackup(key: string): Promise<void> {
  await client.backups.restore(key, { requestKey: null });
}

export function useRestoreBackup() {
  return useMutation({ mutationKey: backupsKeys.restore(), mutationFn: restoreBackup });
}
