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

/** How long the collections list waits for the landing list's first page (a slow list must not hold the page). */
export const LANDING_RECORDS_WAIT_MS = 150;

/**
 * After sign-in: the collections list (into the query cache) and the landing list's first page.
 * The list's query answers once that page has answered too (or after LANDING_RECORDS_WAIT_MS):
 * the page then mounts its records list with the first rows in one render, instead of mounting
 * it empty and rendering the rows in a pass of their own. The sign-in holds the app's render of
 * the new session until this resolves.
 */
export async function prefetchLanding(qc: QueryClient): Promise<void> {
  try {
    await qc.fetchQuery({
      queryKey: collectionsKeys.list(),
      queryFn: async ({ signal }) => {
        const list = await fetchCollections(signal);
        const active = resolveActive(sortCollections(list), null);
        if (active) {
          const firstPage = primeRecordsFirstPage(active, recordsSearchFilter("", active), listSort("", active));
          await Promise.race([firstPage, new Promise((resolve) => setTimeout(resolve, LANDING_RECORDS_WAIT_MS))]);
        }
        return list;
      },
    });
  } catch {
    // the page loads them itself (and reports errors) when it mounts
  }
}
