import { afterEach, describe, expect, it } from "vitest";
import { act, render, screen } from "@testing-library/react";
import { Toasts } from "./Toasts";
import { addErrorToast, addSuccessToast, clearToasts } from "../lib/toasts";

describe("Toasts", () => {
  afterEach(() => clearToasts());

  it("renders one entry per message with error toasts as alerts", () => {
    render(<Toasts />);
    act(() => {
      addSuccessToast("Saved.");
      addErrorToast("Failed.");
      addErrorToast("Failed.");
    });
    expect(screen.getAllByText("Failed.")).toHaveLength(1);
    expect(screen.getByRole("alert")).toHaveTextContent("Failed.");
    expect(screen.getByRole("status")).toHaveTextContent("Saved.");
  });
});
