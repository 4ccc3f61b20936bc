import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ColumnsMenu } from "./ColumnsMenu";
import { ColumnsMenu as LazyColumnsMenu } from "./LazyColumnsMenu";
import type { RecordColumn } from "./listModel";

const columns = [
  { id: "title", label: "title" },
  { id: "views", label: "views" },
  { id: "updated", label: "updated" },
] as RecordColumn[];

function setup(Component: typeof ColumnsMenu = ColumnsMenu) {
  const onToggle = vi.fn();
  render(
    <>
      <Component columns={columns} hidden={["views"]} onToggle={onToggle} />
      <button type="button">outside</button>
    </>,
  );
  return { onToggle, button: screen.getByRole("button", { name: "Toggle columns" }) };
}

const list = () => screen.queryByRole("group", { name: "Visible columns" });

describe("ColumnsMenu", () => {
  it("opens under its button with a checkbox per column, the first focused; a toggle reports its column", async () => {
    const { onToggle, button } = setup();
    expect(button).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(button);
    const group = list();
    expect(group).toHaveClass("columns-menu-list");
    expect(button).toHaveAttribute("aria-expanded", "true");
    expect(button).toHaveAttribute("aria-controls", group!.id);
    // portalled to the body: the table's box cannot clip it
    expect(button.closest(".columns-menu")!.contains(group)).toBe(false);
    const boxes = screen.getAllByRole("checkbox");
    expect(boxes.map((b) => (b as HTMLInputElement).checked)).toEqual([true, false, true]);
    await waitFor(() => expect(boxes[0]).toHaveFocus());
    await userEvent.click(screen.getByRole("checkbox", { name: "views" }));
    expect(onToggle).toHaveBeenCalledWith("views");
    expect(list()).not.toBeNull();
  });

  it("closes on Escape with the focus back on its button", async () => {
    const { button } = setup();
    await userEvent.click(button);
    await waitFor(() => expect(screen.getAllByRole("checkbox")[0]).toHaveFocus());
    await userEvent.keyboard("{Escape}");
    expect(list()).toBeNull();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute("aria-expanded", "false");
  });

  it("closes on Tab past its last checkbox and Shift+Tab before its first, back to its button", async () => {
    const { button } = setup();
    button.focus();
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(screen.getAllByRole("checkbox")[0]).toHaveFocus());
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole("checkbox", { name: "updated" })).toHaveFocus();
    await userEvent.tab();
    expect(list()).toBeNull();
    expect(button).toHaveFocus();

    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(screen.getAllByRole("checkbox")[0]).toHaveFocus());
    await userEvent.tab({ shift: true });
    expect(list()).toBeNull();
    expect(button).toHaveFocus();
  });

  it("closes on an outside click, leaving the focus where the click put it; its button toggles it", async () => {
    const { button } = setup();
    await userEvent.click(button);
    await userEvent.click(screen.getByRole("button", { name: "outside" }));
    expect(list()).toBeNull();
    expect(screen.getByRole("button", { name: "outside" })).toHaveFocus();
    await userEvent.click(button);
    expect(list()).not.toBeNull();
    await userEvent.click(button);
    expect(list()).toBeNull();
  });

  it("lazily: the same button before its code has loaded, and a press then opens the menu once it has", async () => {
    setup(LazyColumnsMenu);
    const placeholder = screen.getByRole("button", { name: "Toggle columns" });
    expect(placeholder).toHaveAttribute("aria-expanded", "false");
    expect(placeholder).not.toHaveAttribute("data-state"); // the plain button, not Radix's trigger yet
    fireEvent.click(placeholder); // at once: the code's import settles a few ticks later
    expect(list()).toBeNull();
    await waitFor(() => expect(list()).not.toBeNull());
    await waitFor(() => expect(screen.getAllByRole("checkbox")[0]).toHaveFocus());
    await userEvent.keyboard("{Escape}");
    expect(list()).toBeNull();
    expect(screen.getByRole("button", { name: "Toggle columns" })).toHaveFocus();
  });
});
