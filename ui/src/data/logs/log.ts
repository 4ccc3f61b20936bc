import { useQuery } from "@tanstack/react-query";
import { client } from "../../lib/client";
import type { LogEntry } from "../../features/logs/logTypes";
import { logsKeys } from "./keys";

export async function fetchLog(id: string, signal?: AbortSignal): Promise<LogEntry> {
  return (await client.logs.getOne(id, { requestKey: null, signal })) as unknown as LogEntry;
}

export function useLog(id: string) {
  return useQuery({
    queryKey: logsKeys.detail(id),
    queryFn: ({ signal }) => fetchLog(id, signal),
    enabled: !!id,
  });
}
