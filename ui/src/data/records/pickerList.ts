import { useInfiniteQuery } from "@tanstack/react-query";
import { client } from "../../lib/client";
import type { RecordData } from "../../features/records/recordModel";
import { recordsKeys } from "./keys";

/** Pickers load 50 records per page. */
export const PICKER_PER_PAGE = 50;

export interface PickerPage {
  page: number;
  items: RecordData[];
}

/** The record picker's list: '*:excerpt(200)', sorted -created unless a view. */
export function usePickerList(collectionId: string, opts: { filter: string; sort: string; fields?: string; enabled?: boolean }) {
  return useInfiniteQuery({
    queryKey: [...recordsKeys.picker(collectionId, opts.filter), opts.sort, opts.fields ?? ""],
    queryFn: async ({ pageParam, signal }): Promise<PickerPage> => {
      const query: Record<string, string | number> = { skipTotal: 1, fields: opts.fields ?? "*:excerpt(200)" };
      if (opts.sort) query.sort = opts.sort;
      if (opts.filter) query.filter = opts.filter;
      const res = await client.collection(collectionId).getList(pageParam, PICKER_PER_PAGE, { query, requestKey: null, signal });
      return { page: res.page ?? pageParam, items: res.items as unknown as RecordData[] };
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.items.length >= PICKER_PER_PAGE ? last.page + 1 : undefined),
    enabled: opts.enabled !== false && !!collectionId,
    gcTime: 0,
  });
}
