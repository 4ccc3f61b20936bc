import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { SearchForm } from "./SearchForm";

const renderForm = (value: string, onSubmit: (v: string) => void) =>
  render(
    <SearchForm value={value} onSubmit={onSubmit} className="searchbar" landmark="Logs" hint="Press Enter to search">
      {({ draft, setDraft, hintId }) => <input aria-label="Search logs" aria-describedby={hintId} value={draft} onChange={(e) => setDraft(e.target.value)} />}
    </SearchForm>,
  );

describe("SearchForm", () => {
  it("applies the trimmed draft on Enter and offers Search only while the draft differs", () => {
    const onSubmit = vi.fn();
    renderForm("", onSubmit);
    const box = screen.getByRole("textbox", { name: "Search logs" });
    expect(box).toHaveAccessibleDescription("Press Enter to search");
    expect(screen.getByRole("search", { name: "Logs" })).toHaveClass("searchbar");
    expect(screen.queryByRole("button", { name: "Search" })).toBeNull();
    fireEvent.change(box, { target: { value: "  level > 0 " } });
    expect(screen.getByRole("button", { name: "Search" })).toBeInTheDocument();
    fireEvent.submit(screen.getByRole("search"));
    expect(onSubmit).toHaveBeenCalledWith("level > 0");
  });

  it("Clear empties the box and the search; '/' focuses the box", () => {
    const onSubmit = vi.fn();
    renderForm("level > 0", onSubmit);
    const box = screen.getByRole("textbox", { name: "Search logs" });
    expect(box).toHaveValue("level > 0");
    fireEvent.keyDown(window, { key: "/" });
    expect(box).toHaveFocus();
    fireEvent.click(screen.getByRole("button", { name: "Clear" }));
    expect(onSubmit).toHaveBeenCalledWith("");
    expect(box).toHaveValue("");
  });
});
