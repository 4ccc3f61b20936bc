import type { QueryClient } from "@tanstack/react-query";
import { fetchCollections } from "../../data/collections/collectionsList";
import { collectionsKeys } from "../../data/collections/keys";
import { primeRecordsFirstPage } from "../../data/records/recordsList";
import { listSort, recordsSearchFilter } from "../records/listModel";
import { resolveActive, sortCollections } from "./sidebarModel";
import { preloadRoute } from "../../routes";
import { RecordsSection } from "../records/LazyRecordsSection";

/**
 * The page a sign-in lands on (/collections with its first collection) in parallel instead of
 * one step after another: its code starts loading while the password is checked, and once signed
 * in the collections list and the landing collection's first records page are fetched before the
 * page has mounted. Loaded on demand by the sign-in form, so none of this weighs on its first load.
 */
export function preloadCollectionsPage(): void {
  preloadRoute("/collections");
  void RecordsSection.preload().catch(() => {}); // in parallel with the page's chunk, not after it
}

/** After sign-in: the collections list (into the query cache) and the landing list's first page. */
export async function prefetchLanding(qc: QueryClient): Promise<void> {
  try {
    const list = await qc.fetchQuery({ queryKey: collectionsKeys.list(), queryFn: ({ signal }) => fetchCollections(signal) });
    const active = resolveActive(sortCollections(list), null);
    if (active) primeRecordsFirstPage(active, recordsSearchFilter("", active), listSort("", active));
  } catch {
    // the page loads them itself (and reports errors) when it mounts
  }
}
