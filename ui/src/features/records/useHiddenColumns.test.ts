import { describe, expect, it } from "vitest";
import { act, renderHook } from "@testing-library/react";
import { useHiddenColumns } from "./useHiddenColumns";

describe("hidden columns storage", () => {
  it("stores under '{collectionId}@hiddenColumns'", () => {
    const { result } = renderHook(() => useHiddenColumns("pbc_posts"));
    act(() => result.current[1]("title"));
    expect(localStorage.getItem("pbc_posts@hiddenColumns")).toBe('["title"]');
  });

  it("moves what an earlier release saved under cairn_hidden_columns_{id}", () => {
    localStorage.setItem("cairn_hidden_columns_pbc_posts", '["title","@id"]');
    const { result } = renderHook(() => useHiddenColumns("pbc_posts"));
    expect(result.current[0]).toEqual(["title", "@id"]);
    expect(localStorage.getItem("pbc_posts@hiddenColumns")).toBe('["title","@id"]');
    expect(localStorage.getItem("cairn_hidden_columns_pbc_posts")).toBeNull();
  });
});
