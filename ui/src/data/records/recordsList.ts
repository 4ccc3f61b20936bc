import { useInfiniteQuery } from "@tanstack/react-query";
import { client } from "../../lib/client";
import type { Collection } from "../collections/types";
import { listExpand, listFields, RECORDS_PER_PAGE } from "../../features/records/listModel";
import type { RecordData } from "../../features/records/recordModel";
import { createPrimer, useSettledPrime } from "../../lib/primed";
import { recordsKeys } from "./keys";

/** The request key of the page's list call: a newer call cancels an earlier one. */
export const RECORDS_LIST_REQUEST_KEY = "records_list";

export interface RecordsPage {
  page: number;
  items: RecordData[];
  /** How many items the server answered: rows removed live later do not make the page look short. */
  fetched: number;
}

export async function fetchRecordsPage(c: Collection, opts: { page: number; filter: string; sort: string; perPage?: number; signal?: AbortSignal; requestKey?: string | null }): Promise<RecordsPage> {
  const perPage = opts.perPage ?? RECORDS_PER_PAGE;
  // Only defined keys: the SDK would send an undefined value as the text "undefined".
  const query: Record<string, string | number> = { skipTotal: 1, fields: listFields(c) };
  if (opts.sort) query.sort = opts.sort;
  if (opts.filter) query.filter = opts.filter;
  const expand = listExpand(c);
  if (expand) query.expand = expand;
  const res = await client.collection(c.id).getList(opts.page, perPage, { query, requestKey: opts.requestKey !== undefined ? opts.requestKey : opts.page === 1 ? RECORDS_LIST_REQUEST_KEY : null, signal: opts.signal });
  return { page: res.page ?? opts.page, items: res.items as unknown as RecordData[], fetched: res.items.length };
}

/** A primed page older than this is not used (the list fetches its own). */
export const PRIMED_PAGE_TTL_MS = 10_000;
const firstPages = createPrimer<RecordsPage>(PRIMED_PAGE_TTL_MS);
const primedKey = (c: Collection, filter: string, sort: string) => JSON.stringify([c.id, listFields(c), listExpand(c), filter, sort]);

/**
 * Starts fetching a list's first page before the list mounts (the landing collection right after
 * sign-in, while the page's code still loads); the list's query takes it once, if still fresh.
 */
export function primeRecordsFirstPage(c: Collection, filter: string, sort: string): Promise<void> {
  // no request key: a prime must never cancel the list's own call (nor be cancelled by another prime's)
  return firstPages.prime(primedKey(c, filter, sort), () => fetchRecordsPage(c, { page: 1, filter, sort, requestKey: null }));
}

function takeOrFetchFirstPage(c: Collection, filter: string, sort: string, signal?: AbortSignal): Promise<RecordsPage> {
  return firstPages.take(primedKey(c, filter, sort), () => fetchRecordsPage(c, { page: 1, filter, sort, signal }));
}

/** "Load more" shows while the last page was full (as answered). */
export function nextRecordsPage(last: RecordsPage, perPage = RECORDS_PER_PAGE): number | undefined {
  return last.fetched >= perPage ? last.page + 1 : undefined;
}

/**
 * The list's pages. A primed first page that has already answered is its initial data, so the
 * first rows render with the list itself rather than in a pass of their own after it mounts
 * (after sign-in the page mounts when the collections arrive, by when that page usually has too).
 */
export function useRecordsList(c: Collection, filter: string, sort: string) {
  const initial = useSettledPrime(firstPages, primedKey(c, filter, sort));
  return useInfiniteQuery({
    queryKey: recordsKeys.list(c.id, filter, sort),
    queryFn: ({ pageParam, signal }) => (pageParam === 1 ? takeOrFetchFirstPage(c, filter, sort, signal) : fetchRecordsPage(c, { page: pageParam, filter, sort, signal })),
    initialPageParam: 1,
    getNextPageParam: (last) => nextRecordsPage(last),
    initialData: initial ? { pages: [initial.value], pageParams: [1] } : undefined,
    initialDataUpdatedAt: initial?.at,
    // fresh as long as a prime is: no second request for the page just fetched
    staleTime: initial ? PRIMED_PAGE_TTL_MS : 0,
    gcTime: 0,
  });
}


