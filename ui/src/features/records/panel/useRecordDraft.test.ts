import { describe, expect, it } from "vitest";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { Collection } from "../../../data/collections/types";
import { useRecordDraft } from "./useRecordDraft";

const posts = { id: "pbc_posts", name: "posts", type: "base", system: false, schema: [{ id: "f_title", name: "title", type: "text", system: false, required: false, presentable: false, options: {} }], options: {} } as unknown as Collection;

describe("record draft storage", () => {
  const original = { id: "r1", collectionId: "pbc_posts", title: "saved" };

  it("writes unsaved changes under record_draft_{collectionId}_{recordId}", () => {
    renderHook(() => useRecordDraft(posts, "r1", original, { ...original, title: "edited" }, true));
    expect(JSON.parse(localStorage.getItem("record_draft_pbc_posts_r1")!)).toMatchObject({ title: "edited" });
  });

  it("offers a draft an earlier release saved under cairn_record_draft_{collectionId}_{recordId}, moved to the new key", async () => {
    localStorage.setItem("cairn_record_draft_pbc_posts_r1", JSON.stringify({ title: "from draft" }));
    const { result } = renderHook(() => useRecordDraft(posts, "r1", original, original, false));
    await waitFor(() => expect(result.current.offered).toBe(true));
    expect(JSON.parse(localStorage.getItem("record_draft_pbc_posts_r1")!)).toEqual({ title: "from draft" });
    expect(localStorage.getItem("cairn_record_draft_pbc_posts_r1")).toBeNull();
    let restored: Record<string, unknown> = {};
    act(() => {
      restored = result.current.restore();
    });
    expect(restored.title).toBe("from draft");
  });
});
