import { beforeEach, describe, expect, it } from "vitest";
import { dropStalePinned, filterCollections, groupPinned, isCompact, readPinned, resolveActive, sortCollections, togglePinned, writePinned } from "./sidebarModel";
import { collectionHref, readPageQuery } from "./pageState";
import type { CollectionType } from "../../data/collections/types";

const c = (id: string, name: string, type: CollectionType) => ({ id, name, type });

describe("collections sidebar model", () => {
  beforeEach(() => localStorage.clear());

  it("orders auth, then base, then view, each by name", () => {
    const list = [c("1", "zeta", "base"), c("2", "posts", "view"), c("3", "users", "auth"), c("4", "alpha", "base"), c("5", "admins2", "auth"), c("6", "a_view", "view")];
    expect(sortCollections(list).map((x) => x.name)).toEqual(["admins2", "users", "alpha", "zeta", "a_view", "posts"]);
  });

  it("filters by name, case-insensitively", () => {
    const list = [c("1", "Posts", "base"), c("2", "comments", "base")];
    expect(filterCollections(list, "post").map((x) => x.id)).toEqual(["1"]);
    expect(filterCollections(list, "  ").length).toBe(2);
    expect(filterCollections(list, "nope")).toEqual([]);
  });

  it("groups pinned entries first and keeps order", () => {
    const list = [c("1", "a", "base"), c("2", "b", "base"), c("3", "c", "base")];
    const g = groupPinned(list, ["3", "1"]);
    expect(g.pinned.map((x) => x.id)).toEqual(["1", "3"]);
    expect(g.others.map((x) => x.id)).toEqual(["2"]);
  });

  it("is compact above 20 matches", () => {
    expect(isCompact(20)).toBe(false);
    expect(isCompact(21)).toBe(true);
  });

  it("activates the given id when found, else the first", () => {
    const list = [c("1", "a", "base"), c("2", "b", "base")];
    expect(resolveActive(list, "2")?.id).toBe("2");
    expect(resolveActive(list, "missing")?.id).toBe("1");
    expect(resolveActive([], "1")).toBeNull();
  });

  it("toggles, stores and drops stale pinned ids", () => {
    expect(togglePinned(["a"], "b")).toEqual(["a", "b"]);
    expect(togglePinned(["a", "b"], "a")).toEqual(["b"]);
    writePinned(["x", "y"]);
    expect(readPinned()).toEqual(["x", "y"]);
    expect(localStorage.getItem("cairn_pinned_collections")).toBe('["x","y"]');
    const ids = ["x", "y"];
    expect(dropStalePinned(ids, [{ id: "y" }])).toEqual(["y"]);
    expect(dropStalePinned(ids, [{ id: "x" }, { id: "y" }])).toBe(ids);
    localStorage.setItem("cairn_pinned_collections", "{bad");
    expect(readPinned()).toEqual([]);
  });

  it("keeps the page state in the hash query", () => {
    expect(collectionHref("abc")).toBe("/collections?collectionId=abc");
    expect(readPageQuery(new URLSearchParams("collectionId=a&filter=x"))).toEqual({ collectionId: "a", filter: "x", sort: "-created", recordId: "" });
  });
});

import { clampSidebarWidth } from "./useSidebarWidth";

describe("collections sidebar width", () => {
  it("stays between 200 and 480 px", () => {
    expect(clampSidebarWidth(100)).toBe(200);
    expect(clampSidebarWidth(999)).toBe(480);
    expect(clampSidebarWidth(301.4)).toBe(301);
    expect(clampSidebarWidth(Number.NaN)).toBe(260);
  });
});
