import { describe, expect, it } from "vitest";
import type { RecordSubscription } from "pocketbase";
import { changedUnderneath, collectLiveChanges, needsReload, shownIn, updatesKeepOrder, type LiveBatch, type LiveChange } from "./liveChanges";
import { applyLiveChanges } from "./useRecordsRealtime";

const event = (action: string, record: Record<string, unknown>) => ({ action, record }) as unknown as RecordSubscription;

describe("collectLiveChanges", () => {
  it("keeps the last change per record", () => {
    const changes = collectLiveChanges([event("update", { id: "a", t: 1 }), event("update", { id: "b", t: 1 }), event("update", { id: "a", t: 2 })]);
    expect([...changes.keys()]).toEqual(["a", "b"]);
    expect(changes.get("a")).toEqual({ action: "update", record: { id: "a", t: 2 } });
  });

  it("keeps a record created and then changed in one batch a create; created and deleted, a delete", () => {
    const changes = collectLiveChanges([event("create", { id: "n" }), event("update", { id: "n", t: 1 }), event("create", { id: "m" }), event("delete", { id: "m" })]);
    expect(changes.get("n")).toEqual({ action: "create", record: { id: "n", t: 1 } });
    expect(changes.get("m")?.action).toBe("delete");
  });
});

describe("shownIn", () => {
  const rows = new Map([["a", { id: "a", updated: "2026-11-27 08:00:00.000Z" }]]);
  const change = (action: LiveChange["action"], record: Record<string, unknown>): LiveChange => ({ action, record });

  it("tells which changes loaded rows already show", () => {
    expect(shownIn(rows, change("create", { id: "a" }))).toBe(true);
    expect(shownIn(rows, change("create", { id: "z" }))).toBe(false);
    expect(shownIn(rows, change("delete", { id: "a" }))).toBe(false);
    expect(shownIn(rows, change("delete", { id: "z" }))).toBe(true);
    expect(shownIn(rows, change("update", { id: "a", updated: "2026-11-27 08:00:00.000Z" }))).toBe(true);
    // a fetch that answered before the update shows an older row
    expect(shownIn(rows, change("update", { id: "a", updated: "2026-11-27 08:00:01.000Z" }))).toBe(false);
    expect(shownIn(rows, change("update", { id: "z", updated: "2026-11-27 08:00:01.000Z" }))).toBe(true);
    // in a filtered or sorted list a record not loaded may belong there after its update
    expect(shownIn(rows, change("update", { id: "z", updated: "2026-11-27 08:00:01.000Z" }), false)).toBe(false);
    expect(shownIn(rows, change("update", { id: "a", updated: "2026-11-27 08:00:00.000Z" }), false)).toBe(true);
  });
});

describe("updatesKeepOrder", () => {
  it("holds only without a filter and for sorts by fields an update cannot change", () => {
    expect(updatesKeepOrder("", "-created")).toBe(true);
    expect(updatesKeepOrder("", "")).toBe(true);
    expect(updatesKeepOrder("", "+created, -id")).toBe(true);
    expect(updatesKeepOrder("", "title")).toBe(false);
    expect(updatesKeepOrder("", "-created,title")).toBe(false);
    expect(updatesKeepOrder("", "-updated")).toBe(false);
    expect(updatesKeepOrder("active = true", "-created")).toBe(false);
  });
});

describe("needsReload", () => {
  const loaded = new Map([["a", { id: "a", email: "a@x.co", name: "A", expand: {} }]]);
  const change = (action: LiveChange["action"], record: Record<string, unknown>): LiveChange => ({ action, record });

  it("reloads after a loaded row's delete (the pages after it shifted), not after one never loaded", () => {
    expect(needsReload(loaded, change("delete", { id: "a" }), true)).toBe(true);
    expect(needsReload(loaded, change("delete", { id: "z" }), true)).toBe(false);
  });

  it("reloads after any update when the list is filtered or sorted by a changeable field", () => {
    expect(needsReload(loaded, change("update", { id: "z", name: "Z" }), false)).toBe(true);
    expect(needsReload(loaded, change("update", { id: "z", name: "Z" }), true)).toBe(false);
  });

  it("reloads when the event leaves out a value the row shows (a hidden email), not for its expand", () => {
    expect(needsReload(loaded, change("update", { id: "a", name: "B" }), true)).toBe(true);
    expect(needsReload(loaded, change("update", { id: "a", email: "a@x.co", name: "B" }), true)).toBe(false);
  });

  it("leaves creates to the check after fetching", () => {
    expect(needsReload(loaded, change("create", { id: "n" }), false)).toBe(false);
  });
});

describe("applyLiveChanges", () => {
  const data = { pageParams: [1, 2], pages: [{ page: 1, items: [{ id: "a", t: 1, email: "a@x.co", expand: { x: 1 } }, { id: "b", t: 1 }], fetched: 2 }, { page: 2, items: [{ id: "c", t: 1 }], fetched: 1 }] };
  const changes = (...list: [string, LiveChange][]) => new Map(list);

  it("updates rows in place, keeping values and expand the event has not, and drops deleted ones", () => {
    const next = applyLiveChanges(data, changes(["a", { action: "update", record: { id: "a", t: 2 } }], ["b", { action: "delete", record: { id: "b" } }]));
    expect(next.pages[0].items).toEqual([{ id: "a", t: 2, email: "a@x.co", expand: { x: 1 } }]);
    expect(next.pages[0].fetched).toBe(2);
    expect(next.pages[1]).toBe(data.pages[1]); // an untouched page keeps its identity
  });

  it("leaves records it has not loaded out (a create reloads the list instead)", () => {
    const next = applyLiveChanges(data, changes(["z", { action: "create", record: { id: "z" } }]));
    expect(next.pages.map((p) => p.items.map((r) => r.id))).toEqual([["a", "b"], ["c"]]);
  });
});

describe("changedUnderneath", () => {
  const batch = (action: LiveChange["action"], record: Record<string, unknown>, collectionId = "c"): LiveBatch => ({ seq: 1, collectionId, changes: new Map([[String(record.id), { action, record }]]) });

  it("warns only about the open record when it differs from what was loaded", () => {
    expect(changedUnderneath(batch("update", { id: "r", updated: "2" }), "c", "r", "1")).toBe("updated");
    expect(changedUnderneath(batch("update", { id: "r", updated: "2" }), "c", "r", "2")).toBeNull();
    expect(changedUnderneath(batch("update", { id: "r", updated: "2" }), "c", "other", "1")).toBeNull();
    expect(changedUnderneath(batch("update", { id: "r", updated: "2" }, "d"), "c", "r", "1")).toBeNull();
    expect(changedUnderneath(batch("delete", { id: "r", updated: "2" }), "c", "r", "2")).toBe("deleted");
    expect(changedUnderneath(null, "c", "r", "1")).toBeNull();
    expect(changedUnderneath(batch("update", { id: "r", updated: "2" }), "c", "", "1")).toBeNull();
  });

  it("finds the open record among many changes of one batch", () => {
    const many: LiveBatch = { seq: 2, collectionId: "c", changes: new Map(Array.from({ length: 50 }, (_, i) => [`r${i}`, { action: "update" as const, record: { id: `r${i}`, updated: "9" } }])) };
    expect(changedUnderneath(many, "c", "r17", "1")).toBe("updated");
  });
});
