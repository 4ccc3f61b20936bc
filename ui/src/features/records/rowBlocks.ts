/** A run of consecutive rows rendered in one contained block (RecordsTable). */
export interface RowBlock<T> {
  key: number;
  rows: T[];
}

/**
 * Cuts the rows into blocks that keep their rows (new rows fill a block up to `size`): a row
 * stays in the block it was first rendered in (`previous`, id → block key), so a record added or
 * removed elsewhere moves no row to another block (which would mount it again there and drop its
 * focus). New rows at the end fill the last block, then open new ones; a new row before every
 * known one opens a block of its own. A row whose block already ended (the order changed) joins
 * the current one. Returns the blocks and the assignment to pass back in next time.
 */
export function rowBlocks<T>(rows: T[], idOf: (row: T) => string, previous: ReadonlyMap<string, number>, size: number): { blocks: RowBlock<T>[]; assigned: Map<string, number> } {
  let nextKey = 0;
  for (const key of previous.values()) nextKey = Math.max(nextKey, key + 1);
  const blocks: RowBlock<T>[] = [];
  const closed = new Set<number>();
  const assigned = new Map<string, number>();
  let current: RowBlock<T> | undefined;
  for (const row of rows) {
    const id = idOf(row);
    const known = previous.get(id);
    const stays = current !== undefined && (known === current.key || (known === undefined ? current.rows.length < size : closed.has(known)));
    if (!stays) {
      if (current) closed.add(current.key);
      current = { key: known !== undefined && !closed.has(known) ? known : nextKey++, rows: [] };
      blocks.push(current);
    }
    current!.rows.push(row);
    assigned.set(id, current!.key);
  }
  return { blocks, assigned };
}
