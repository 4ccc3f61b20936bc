import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { FormFooter } from "./FormFooter";

describe("FormFooter", () => {
  it("dismisses, and submits the form it points at while idle", () => {
    const onDismiss = vi.fn();
    const onSubmit = vi.fn((e: React.FormEvent) => e.preventDefault());
    render(
      <>
        <form id="f" onSubmit={onSubmit} />
        <FormFooter formId="f" busy={false} submitLabel="Send" dismissLabel="Close" onDismiss={onDismiss} />
      </>,
    );
    const send = screen.getByRole("button", { name: "Send" });
    expect(send).toHaveAttribute("form", "f");
    expect(send).toHaveClass("btn", "btn-primary");
    expect(send).not.toHaveClass("btn-loading");
    fireEvent.click(send);
    expect(onSubmit).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(onDismiss).toHaveBeenCalledOnce();
  });

  it("while busy: both disabled and the submit spins; canSubmit and danger are honoured", () => {
    const { rerender } = render(<FormFooter formId="f" busy submitLabel="Restore backup" dismissLabel="Cancel" onDismiss={() => {}} danger />);
    expect(screen.getByRole("button", { name: "Cancel" })).toBeDisabled();
    const restore = screen.getByRole("button", { name: "Restore backup" });
    expect(restore).toBeDisabled();
    expect(restore).toHaveClass("btn-danger", "btn-loading");
    rerender(<FormFooter formId="f" busy={false} canSubmit={false} submitLabel="Restore backup" dismissLabel="Cancel" onDismiss={() => {}} />);
    expect(screen.getByRole("button", { name: "Cancel" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Restore backup" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Restore backup" })).toHaveClass("btn-primary");
  });
});
