import { describe, expect, it } from "vitest";
import { rowBlocks as blocksOf } from "./rowBlocks";

const rowBlocks = (ids: string[], previous: ReadonlyMap<string, number>, size: number) => blocksOf(ids, (id) => id, previous, size);

const ids = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `r${from + i}`);
const shape = (r: ReturnType<typeof rowBlocks>) => r.blocks.map((b) => [b.key, b.rows.length]);

describe("rowBlocks", () => {
  it("cuts new rows into blocks of the given size", () => {
    const r = rowBlocks(ids(0, 45), new Map(), 20);
    expect(shape(r)).toEqual([[0, 20], [1, 20], [2, 5]]);
    expect(r.blocks.flatMap((b) => b.rows)).toEqual(ids(0, 45));
  });

  it("fills the last block before opening another as rows are appended", () => {
    const first = rowBlocks(ids(0, 25), new Map(), 20);
    const next = rowBlocks(ids(0, 65), first.assigned, 20);
    expect(shape(next)).toEqual([[0, 20], [1, 20], [2, 20], [3, 5]]);
  });

  it("keeps every row in its block when a row is added on top or removed", () => {
    const first = rowBlocks(ids(0, 40), new Map(), 20);
    const added = rowBlocks(["new", ...ids(0, 40)], first.assigned, 20);
    expect(shape(added)).toEqual([[2, 1], [0, 20], [1, 20]]);
    const removed = rowBlocks(ids(1, 40), added.assigned, 20);
    expect(shape(removed)).toEqual([[0, 19], [1, 20]]);
    for (const id of ids(1, 40)) expect(removed.assigned.get(id)).toBe(first.assigned.get(id));
    expect(removed.assigned.has("new")).toBe(false);
  });

  it("keeps the rows' order when it changed: a row whose block ended joins the current one", () => {
    const first = rowBlocks(ids(0, 4), new Map(), 2);
    const moved = rowBlocks(["r2", "r0", "r1", "r3"], first.assigned, 2);
    expect(moved.blocks.map((b) => b.rows)).toEqual([["r2"], ["r0", "r1", "r3"]]);
    expect(moved.blocks.map((b) => b.key)).toEqual([1, 0]);
  });
});
