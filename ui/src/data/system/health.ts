import { useQuery } from "@tanstack/react-query";
import { client } from "../../lib/client";
import { systemKeys } from "./keys";

export interface Health {
  code: number;
  message: string;
  /** `database` is Cairn's, on PostgreSQL only. */
  data: { canBackup?: boolean; database?: "postgres" };
}

/** GET /api/health, never auto-cancelled; data.canBackup tells whether a backup may start. */
export async function fetchHealth(signal?: AbortSignal): Promise<Health> {
  return (await client.health.check({ requestKey: null, signal })) as Health;
}

export function useHealth(enabled = true) {
  return useQuery({ queryKey: systemKeys.health(), queryFn: ({ signal }) => fetchHealth(signal), enabled });
}
