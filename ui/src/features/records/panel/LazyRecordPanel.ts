import { lazyWithPreload } from "../../../lib/lazyWithPreload";

/** The record panel, loaded on demand (in idle time once a list has rows, or on a row click). */
export const RecordPanel = lazyWithPreload(() => import("./RecordPanel"));
