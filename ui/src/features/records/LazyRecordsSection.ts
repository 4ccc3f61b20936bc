import { lazyWithPreload } from "../../lib/lazyWithPreload";

/** The records list, loaded on demand; preloaded while a sign-in is checked and on "New record" hover. */
export const RecordsSection = lazyWithPreload(() => import("./RecordsSection"));
