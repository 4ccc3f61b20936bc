import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client } from "../../lib/client";
import { systemKeys } from "../system/keys";
import { backupsKeys } from "./keys";

/** The request key of a running create, so a second one cancels nothing else. */
export const CREATE_BACKUP_REQUEST_KEY = "backups_create";

/** POST /api/backups {name}; an empty name lets the server generate one. */
export async function createBackup(name: string): Promise<void> {
  await client.backups.create(name.trim(), { requestKey: CREATE_BACKUP_REQUEST_KEY });
}

export function useCreateBackup() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: backupsKeys.create(),
    mutationFn: createBackup,
    onSettled: async () => {
      await Promise.all([qc.invalidateQueries({ queryKey: backupsKeys.list() }), qc.invalidateQueries({ queryKey: systemKeys.health() })]);
    },
  });
}
