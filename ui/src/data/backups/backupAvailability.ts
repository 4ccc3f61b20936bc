import { useQuery } from "@tanstack/react-query";
import { fetchHealth } from "../system/health";
import { systemKeys } from "../system/keys";

/** How often the health check is polled for data.canBackup. */
export const HEALTH_POLL_MS = 3000;

/**
 * Whether a backup or restore may start, from GET /api/health polled every 3 s. Failed checks
 * are ignored (the last known answer stays); before the first answer a backup counts as possible.
 */
export function useCanBackup(): boolean {
  const q = useQuery({
    queryKey: systemKeys.health(),
    queryFn: ({ signal }) => fetchHealth(signal),
    refetchInterval: HEALTH_POLL_MS,
    refetchIntervalInBackground: false,
    retry: false,
    staleTime: 0,
  });
  return q.data?.data?.canBackup !== false;
}
