import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { BusyButton } from "./BusyButton";

/** Leaves the focus on the page's body (jsdom does not blur a disabled button itself). */
function dropFocus() {
  const spare = document.body.appendChild(document.createElement("input"));
  spare.focus();
  spare.remove();
}

describe("BusyButton", () => {
  it("spins, is disabled and says it is busy while busy", () => {
    const onClick = vi.fn();
    render(
      <BusyButton busy className="btn btn-primary" onClick={onClick}>
        Save
      </BusyButton>,
    );
    const button = screen.getByRole("button", { name: "Save" });
    expect(button).toHaveClass("btn", "btn-primary", "btn-loading");
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute("aria-busy", "true");
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it("is a plain enabled button when idle, and stays disabled when told to", () => {
    const { rerender } = render(
      <BusyButton busy={false} className="btn btn-primary" type="submit">
        Save
      </BusyButton>,
    );
    const button = screen.getByRole("button", { name: "Save" });
    expect(button).not.toHaveClass("btn-loading");
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute("aria-busy");
    expect(button).toHaveAttribute("type", "submit");
    rerender(
      <BusyButton busy={false} disabled className="btn btn-primary">
        Save
      </BusyButton>,
    );
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute("type", "button");
  });

  it("takes the focus back when its action ends, unless it went elsewhere meanwhile", () => {
    const view = (busy: boolean) => (
      <>
        <BusyButton busy={busy}>Load more</BusyButton>
        <input aria-label="other" />
      </>
    );
    const { rerender } = render(view(false));
    const button = screen.getByRole("button", { name: "Load more" });
    button.focus();
    rerender(view(true));
    dropFocus(); // what a browser does to a focused button that becomes disabled
    expect(document.activeElement).toBe(document.body);
    rerender(view(false));
    expect(document.activeElement).toBe(button);

    rerender(view(true));
    dropFocus();
    screen.getByRole("textbox", { name: "other" }).focus();
    rerender(view(false));
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "other" }));
  });
});
