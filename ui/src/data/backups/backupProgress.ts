import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { client } from "../../lib/client";
import { backupsKeys } from "./keys";

/** How often the progress is asked for while a backup or restore runs. */
export const PROGRESS_POLL_MS = 500;

export type BackupPhase = "snapshot" | "zip" | "store" | "download" | "validate" | "extract" | "reload";

/** GET /api/backups/progress (Cairn only): `done`/`total` are the bytes of the current phase. */
export type BackupProgress =
  | { running: false }
  | { running: true; action: "backup" | "restore"; key: string; phase: BackupPhase; done: number; total: number; startedAt: string };

export type RunningBackup = Extract<BackupProgress, { running: true }>;

/**
 * The progress of the running backup or restore, or null when the server has none to give:
 * PocketBase has no such endpoint (it answers 403 or 404 for the path), which is not an error.
 */
export async function fetchBackupProgress(signal?: AbortSignal): Promise<BackupProgress | null> {
  try {
    return (await client.send("/api/backups/progress", { method: "GET", requestKey: null, signal })) as BackupProgress;
  } catch (err) {
    const status = (err as { status?: number }).status;
    if (status === 403 || status === 404) return null;
    throw err;
  }
}

/**
 * Polls the progress every 500 ms while `active` (a backup or restore is known to run) and
 * gives the running report, or null (idle, not known yet, or a server without progress:
 * then it is asked once per run). Failed polls are ignored: the last answer stays.
 */
export function useBackupProgress(active: boolean): RunningBackup | null {
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: backupsKeys.progress(),
    queryFn: ({ signal }) => fetchBackupProgress(signal),
    enabled: active,
    refetchInterval: (query) => (query.state.data === null ? false : PROGRESS_POLL_MS),
    refetchIntervalInBackground: false,
    retry: false,
    staleTime: 0,
  });
  // A finished run's last report must not show when the next one starts.
  useEffect(() => {
    if (!active) qc.removeQueries({ queryKey: backupsKeys.progress() });
  }, [active, qc]);
  return active && q.data?.running ? q.data : null;
}
