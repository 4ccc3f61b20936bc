import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client } from "../../lib/client";
import { systemKeys } from "../system/keys";
import { backupsKeys } from "./keys";

/** The request key of a running create, so a second one cancels nothing else. */
export const CREATE_BACKUP_REQUEST_KEY = "backups_create";

/** Soon after a backup starts, the health check is asked again so the page shows it running. */
export const HEALTH_RECHECK_MS = 300;

/** POST /api/backups {name}; an empty name lets the server generate one. */
export async function createBackup(name: string): Promise<void> {
  await client.backups.create(name.trim(), { requestKey: CREATE_BACKUP_REQUEST_KEY });
}

export function useCreateBackup() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: backupsKeys.create(),
    mutationFn: createBackup,
    onMutate: () => {
      setTimeout(() => void qc.invalidateQueries({ queryKey: systemKeys.health() }), HEALTH_RECHECK_MS);
    },
    onSettled: async () => {
      await Promise.all([qc.invalidateQueries({ queryKey: backupsKeys.list() }), qc.invalidateQueries({ queryKey: systemKeys.health() })]);
    },
  });
}
