import { buildListSql, type ListOptions } from "./list.js";
import type { SqlFragment } from "./types.js";

const PAGING = " LIMIT ? OFFSET ?";

/**
 * The SELECT of a list without its LIMIT/OFFSET: every row the list would page through, in the
 * list's order, for a caller that reads them with a cursor (records export). Same filter, sort
 * and rule conditions as the list, from the same builder.
 */
export function buildUnpagedListSql(opts: Omit<ListOptions<unknown>, "mapRow">): SqlFragment {
  const { select } = buildListSql(opts);
  if (!select.sql.endsWith(PAGING)) throw new Error("list SQL without its paging clause");
  return { sql: select.sql.slice(0, -PAGING.length), params: select.params.slice(0, -2) };
}
