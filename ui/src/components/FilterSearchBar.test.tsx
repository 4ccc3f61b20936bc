import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { FilterSearchBar } from "./FilterSearchBar";

const props = { label: "Search things", landmark: "Things", placeholder: "Search term or filter", hint: "Press Enter to search.", className: "searchbar", completions: ["title", "views"] };

describe("FilterSearchBar", () => {
  it("starts as a plain input that searches on Enter, without the filter editor", () => {
    const onSubmit = vi.fn();
    render(<FilterSearchBar {...props} value="" onSubmit={onSubmit} />);
    const box = screen.getByRole("textbox", { name: "Search things" });
    expect(box).toHaveAttribute("placeholder", "Search term or filter");
    expect(screen.queryByTestId("filter-editor")).toBeNull();
    fireEvent.change(box, { target: { value: "  hello " } });
    fireEvent.submit(box.closest("form")!);
    expect(onSubmit).toHaveBeenCalledWith("hello");
  });

  // first of the focusing tests: the editor's code has not loaded yet
  it("keeps what is typed while the editor's code loads, in the same focused input", async () => {
    render(<FilterSearchBar {...props} value="" onSubmit={() => {}} />);
    const box = screen.getByRole("textbox", { name: "Search things" });
    box.focus();
    fireEvent.change(box, { target: { value: "Item 14" } });
    expect(screen.getByRole("textbox", { name: "Search things" })).toBe(box);
    expect(box).toHaveValue("Item 14");
    expect(document.activeElement).toBe(box);
    await waitFor(() => expect(screen.getByTestId("filter-editor").textContent).toContain("Item 14"));
  });

  it("becomes the filter editor, holding the draft, once the box is focused", async () => {
    render(<FilterSearchBar {...props} value='views > 2' onSubmit={() => {}} />);
    fireEvent.focus(screen.getByRole("textbox", { name: "Search things" }));
    // The editor's host shows before CodeMirror mounts into it (an effect).
    await waitFor(() => expect(screen.getByTestId("filter-editor").textContent).toContain("views > 2"));
  });
});
