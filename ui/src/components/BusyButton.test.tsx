import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { BusyButton } from "./BusyButton";

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
});
