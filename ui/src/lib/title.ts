import { useEffect } from "react";
import { createStore } from "./store";
import { PRODUCT_NAME } from "./storageKeys";

/** The current page's own title (reset on every route change). */
export const pageTitleStore = createStore("");

/** The non-empty parts of page title, application name and product name, joined by " - ". */
export function composeTitle(pageTitle: string, appName: string, productName: string = PRODUCT_NAME): string {
  return [pageTitle, appName, productName]
    .map((p) => (p ?? "").trim())
    .filter(Boolean)
    .join(" - ");
}

/** Sets the page title while the calling component is mounted. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    pageTitleStore.set(title);
  }, [title]);
}
