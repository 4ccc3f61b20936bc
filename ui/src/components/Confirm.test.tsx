import { describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { Confirm } from "./Confirm";
import { confirm } from "../lib/confirm";

describe("Confirm popup", () => {
  it("shows the text; Yes runs the callback then closes, buttons disabled meanwhile", async () => {
    let resolve!: () => void;
    const yes = vi.fn(() => new Promise<void>((r) => (resolve = r)));
    render(<Confirm />);
    act(() => confirm("Do you really want to delete it?", yes));
    const dialog = screen.getByRole("alertdialog");
    expect(dialog).toHaveTextContent("Do you really want to delete it?");
    fireEvent.click(screen.getByRole("button", { name: "Yes" }));
    expect(yes).toHaveBeenCalledOnce();
    expect(screen.getByRole("button", { name: "Yes" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "No" })).toBeDisabled();
    await act(async () => resolve());
    expect(screen.getByRole("alertdialog").closest(".overlay-container")).not.toHaveClass("active");
  });

  it("No runs the no-callback", () => {
    const no = vi.fn();
    render(<Confirm />);
    act(() => confirm("Sure?", () => {}, no));
    fireEvent.click(screen.getByRole("button", { name: "No" }));
    expect(no).toHaveBeenCalledOnce();
  });
});
