import { useQuery } from "@tanstack/react-query";
import { client } from "../../lib/client";
import type { LogStatsItem } from "../../features/logs/logTypes";
import { logsKeys } from "./keys";

export async function fetchLogStats(filter: string, signal?: AbortSignal): Promise<LogStatsItem[]> {
  const query: Record<string, string> = {};
  if (filter) query.filter = filter;
  const res = await client.logs.getStats({ query, requestKey: null, signal });
  return (Array.isArray(res) ? res : []) as LogStatsItem[];
}

export function useLogStats(filter: string) {
  return useQuery({
    queryKey: logsKeys.statsFor(filter),
    queryFn: ({ signal }) => fetchLogStats(filter, signal),
  });
}
