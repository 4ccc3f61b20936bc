/** Query keys of the logs area. */
export const logsKeys = {
  all: ["logs"] as const,
  lists: () => [...logsKeys.all, "list"] as const,
  list: (filter: string, sort: string) => [...logsKeys.lists(), { filter, sort }] as const,
  stats: () => [...logsKeys.all, "stats"] as const,
  statsFor: (filter: string) => [...logsKeys.stats(), { filter }] as const,
  detail: (id: string) => [...logsKeys.all, "detail", id] as const,
};
