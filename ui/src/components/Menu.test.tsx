import { describe, expect, it, vi } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Menu } from "./Menu";

function setup() {
  const focusedOnSelect: (Element | null)[] = [];
  const edit = vi.fn(() => focusedOnSelect.push(document.activeElement));
  const remove = vi.fn();
  render(
    <>
      <Menu
        label="More options"
        trigger={<span>more</span>}
        triggerClassName="btn-icon"
        items={[
          { label: "Edit", onSelect: edit },
          { label: "Delete", onSelect: remove, danger: true },
        ]}
      />
      <button type="button">outside</button>
    </>,
  );
  return { edit, remove, focusedOnSelect, trigger: screen.getByRole("button", { name: "More options" }) };
}

describe("Menu", () => {
  it("opens on click with its items as buttons, and runs the chosen one once the focus is back on the trigger", async () => {
    const { edit, remove, focusedOnSelect, trigger } = setup();
    expect(trigger).toHaveAttribute("aria-haspopup", "menu");
    expect(trigger).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(trigger);
    const menu = screen.getByRole("menu", { name: "More options" });
    expect(menu).toHaveClass("menu-list");
    expect(trigger).toHaveAttribute("aria-expanded", "true");
    const del = screen.getByRole("menuitem", { name: "Delete" });
    expect(del.tagName).toBe("BUTTON");
    expect(del).toHaveClass("menu-item", "menu-item-danger");
    await userEvent.click(screen.getByRole("menuitem", { name: "Edit" }));
    await waitFor(() => expect(edit).toHaveBeenCalledOnce());
    expect(remove).not.toHaveBeenCalled();
    expect(focusedOnSelect[0]).toBe(trigger);
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("opens from the keyboard at the first item (ArrowDown) or the last (ArrowUp); Escape closes it back to the trigger", async () => {
    const { remove, trigger } = setup();
    trigger.focus();
    await userEvent.keyboard("{ArrowDown}");
    await waitFor(() => expect(screen.getByRole("menuitem", { name: "Edit" })).toHaveFocus());
    await userEvent.keyboard("{ArrowDown}");
    expect(screen.getByRole("menuitem", { name: "Delete" })).toHaveFocus();
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).toBeNull();
    await waitFor(() => expect(trigger).toHaveFocus());

    await userEvent.keyboard("{ArrowUp}");
    await waitFor(() => expect(screen.getByRole("menuitem", { name: "Delete" })).toHaveFocus());
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(remove).toHaveBeenCalledOnce());
  });

  it("closes on an outside click without running anything", async () => {
    const { edit, remove, trigger } = setup();
    await userEvent.click(trigger);
    expect(screen.getByRole("menu")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "outside" }));
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
    expect(edit).not.toHaveBeenCalled();
    expect(remove).not.toHaveBeenCalled();
  });
});
