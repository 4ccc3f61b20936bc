import { useQuery } from "@tanstack/react-query";
import type { Collection } from "../collections/types";
import { recordsKeys } from "./keys";
import { client } from "../../lib/client";

/** "Total found: N" of the records list. */
export function useRecordsCount(c: Collection, filter: string) {
  return useQuery({ queryKey: [...recordsKeys.lists(c.id), "count", { filter }], queryFn: ({ signal }) => fetchRecordsCount(c, filter, signal), gcTime: 0 });
}

/** Record count: page 1 of 1 with the filter, only ids; totalItems is read. */
export async function fetchRecordsCount(c: Collection, filter: string, signal?: AbortSignal): Promise<number> {
  const query: Record<string, string | number> = { fields: "id" };
  if (filter) query.filter = filter;
  const res = await client.collection(c.id).getList(1, 1, { query, requestKey: null, signal });
  return res.totalItems;
}
