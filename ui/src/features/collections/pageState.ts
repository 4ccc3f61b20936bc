import { buildHref } from "../../lib/router";

/** Records are listed newest first unless the address says otherwise. */
export const DEFAULT_RECORDS_SORT = "-created";

/** The collections page keeps collectionId, filter, sort and recordId in the hash query. */
export const PAGE_QUERY_KEYS = ["collectionId", "filter", "sort", "recordId"] as const;

/** Link to a collection: changing the collection drops the filter, the sort and the open record. */
export function collectionHref(id: string): string {
  return buildHref("/collections", { collectionId: id });
}

export interface CollectionsPageQuery {
  collectionId: string;
  filter: string;
  sort: string;
  recordId: string;
}

export function readPageQuery(query: URLSearchParams): CollectionsPageQuery {
  return {
    collectionId: query.get("collectionId") ?? "",
    filter: query.get("filter") ?? "",
    sort: query.get("sort") || DEFAULT_RECORDS_SORT,
    recordId: query.get("recordId") ?? "",
  };
}
