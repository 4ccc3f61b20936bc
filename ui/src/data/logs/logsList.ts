import { useInfiniteQuery } from "@tanstack/react-query";
import { client } from "../../lib/client";
import type { LogEntry } from "../../features/logs/logTypes";
import { logsKeys } from "./keys";

/** Logs page size. */
export const LOGS_PER_PAGE = 50;
export const LOGS_DEFAULT_SORT = "-rowid";

export interface LogsPage {
  page: number;
  items: LogEntry[];
}

export async function fetchLogsPage(opts: { page: number; filter: string; sort?: string; signal?: AbortSignal }): Promise<LogsPage> {
  // Only defined keys: the SDK would send an undefined value as the text "undefined".
  const query: Record<string, string | number> = { sort: opts.sort || LOGS_DEFAULT_SORT, skipTotal: 1 };
  if (opts.filter) query.filter = opts.filter;
  const res = await client.logs.getList(opts.page, LOGS_PER_PAGE, { query, requestKey: null, signal: opts.signal });
  return { page: res.page ?? opts.page, items: (res.items ?? []) as unknown as LogEntry[] };
}

/** "Load more" shows while the last page was full. */
export function nextLogsPage(last: LogsPage): number | undefined {
  return last.items.length >= LOGS_PER_PAGE ? last.page + 1 : undefined;
}

export function useLogsList(filter: string, sort: string = LOGS_DEFAULT_SORT) {
  return useInfiniteQuery({
    queryKey: logsKeys.list(filter, sort),
    queryFn: ({ pageParam, signal }) => fetchLogsPage({ page: pageParam, filter, sort, signal }),
    initialPageParam: 1,
    getNextPageParam: nextLogsPage,
    // Dropped as soon as the filter changes, so going back to a filter starts again from page 1.
    gcTime: 0,
  });
}
