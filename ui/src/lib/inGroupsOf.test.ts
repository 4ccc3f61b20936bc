import { describe, expect, it } from "vitest";
import { inGroupsOf } from "./inGroupsOf";

describe("inGroupsOf", () => {
  it("cuts a list into groups, the last one shorter", () => {
    expect(inGroupsOf([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(inGroupsOf([1, 2, 3, 4], 2)).toEqual([[1, 2], [3, 4]]);
  });

  it("gives no group for an empty list", () => {
    expect(inGroupsOf([], 20)).toEqual([]);
  });
});
