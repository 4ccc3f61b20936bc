import { useQuery } from "@tanstack/react-query";
import { client } from "../../lib/client";
import { backupsKeys } from "./keys";

export interface BackupFile {
  /** The file name. */
  key: string;
  /** Bytes. */
  size: number;
  /** "YYYY-MM-DD HH:MM:SS.sssZ" */
  modified: string;
}

/** Newest first (the stored date format sorts as text); ties by name for a stable order. */
export function sortBackups(list: BackupFile[]): BackupFile[] {
  return [...list].sort((a, b) => (a.modified === b.modified ? a.key.localeCompare(b.key) : a.modified < b.modified ? 1 : -1));
}

export async function fetchBackups(signal?: AbortSignal): Promise<BackupFile[]> {
  return sortBackups((await client.backups.getFullList({ requestKey: null, signal })) as BackupFile[]);
}

export function useBackups() {
  return useQuery({ queryKey: backupsKeys.list(), queryFn: ({ signal }) => fetchBackups(signal), staleTime: 0 });
}
