import { describe, expect, it } from "vitest";
import { legacyStorageKeys, readMovedStorage, storageKeys } from "./storageKeys";

describe("storage keys", () => {
  it("uses the spec's keys for hidden columns and record drafts", () => {
    expect(storageKeys.hiddenColumns("pbc_posts")).toBe("pbc_posts@hiddenColumns");
    expect(storageKeys.recordDraft("pbc_posts", "r1")).toBe("record_draft_pbc_posts_r1");
    expect(legacyStorageKeys.hiddenColumns("pbc_posts")).toBe("cairn_hidden_columns_pbc_posts");
    expect(legacyStorageKeys.recordDraft("pbc_posts", "r1")).toBe("cairn_record_draft_pbc_posts_r1");
  });

  it("moves a value saved under an earlier release's key to the new key, once", () => {
    localStorage.setItem("old", "v1");
    expect(readMovedStorage("new", "old")).toBe("v1");
    expect(localStorage.getItem("new")).toBe("v1");
    expect(localStorage.getItem("old")).toBeNull();
    expect(readMovedStorage("new", "old")).toBe("v1");
  });

  it("prefers the new key and leaves absent values absent", () => {
    localStorage.setItem("new", "current");
    localStorage.setItem("old", "stale");
    expect(readMovedStorage("new", "old")).toBe("current");
    expect(readMovedStorage("none", "none_old")).toBeNull();
    expect(localStorage.getItem("none")).toBeNull();
  });
});
