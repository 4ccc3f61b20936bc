import { describe, expect, it } from "vitest";
import type { RecordSubscription } from "pocketbase";
import { changedUnderneath, collectLiveChanges, type LiveBatch, type LiveChange } from "./liveChanges";
import { applyLiveChanges } from "./useRecordsRealtime";

const event = (action: string, record: Record<string, unknown>) => ({ action, record }) as unknown as RecordSubscription;

describe("collectLiveChanges", () => {
  it("keeps the last change per record and notes creates and deletes", () => {
    const { changes, created, deleted } = collectLiveChanges([event("update", { id: "a", t: 1 }), event("update", { id: "b", t: 1 }), event("update", { id: "a", t: 2 })]);
    expect([...changes.keys()]).toEqual(["a", "b"]);
    expect(changes.get("a")).toEqual({ action: "update", record: { id: "a", t: 2 } });
    expect([created, deleted]).toEqual([false, false]);

    const burst = collectLiveChanges([event("create", { id: "n" }), event("update", { id: "n", t: 1 }), event("delete", { id: "b" })]);
    expect(burst.changes.get("n")?.action).toBe("update");
    expect([burst.created, burst.deleted]).toEqual([true, true]);
  });
});

describe("applyLiveChanges", () => {
  const data = { pageParams: [1, 2], pages: [{ page: 1, items: [{ id: "a", t: 1, expand: { x: 1 } }, { id: "b", t: 1 }] }, { page: 2, items: [{ id: "c", t: 1 }] }] };
  const changes = (...list: [string, LiveChange][]) => new Map(list);

  it("updates rows in place, keeping their expand when the event has none, and drops deleted ones", () => {
    const next = applyLiveChanges(data, changes(["a", { action: "update", record: { id: "a", t: 2 } }], ["b", { action: "delete", record: { id: "b" } }]));
    expect(next.pages[0].items).toEqual([{ id: "a", t: 2, expand: { x: 1 } }]);
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
