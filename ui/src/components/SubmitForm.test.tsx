import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { SubmitForm } from "./SubmitForm";

describe("SubmitForm", () => {
  it("is a form named by its label, without browser validation, and submits through onSubmit", () => {
    const onSubmit = vi.fn();
    render(
      <SubmitForm className="settings-panel form" label="Application settings" onSubmit={onSubmit}>
        <input aria-label="Name" required />
        <button type="submit">Save</button>
      </SubmitForm>,
    );
    const form = screen.getByRole("form", { name: "Application settings" });
    expect(form).toHaveClass("settings-panel", "form");
    expect(form).toHaveAttribute("novalidate");
    expect(form).not.toHaveAttribute("id");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it("submits from a button outside it that points at its id", () => {
    const onSubmit = vi.fn();
    render(
      <>
        <SubmitForm id="f1" onSubmit={onSubmit}>
          <input aria-label="Name" />
        </SubmitForm>
        <button type="submit" form="f1">
          Start
        </button>
      </>,
    );
    expect(document.getElementById("f1")).toHaveClass("form");
    fireEvent.click(screen.getByRole("button", { name: "Start" }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });
});
