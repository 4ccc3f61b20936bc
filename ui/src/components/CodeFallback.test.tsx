import { fireEvent, render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { claimFallbackFocus, CodeFallback } from "./CodeFallback";

describe("CodeFallback", () => {
  it("hands the focus to the editor that replaces it, once", () => {
    const { unmount, getByRole } = render(<CodeFallback id="rule" aria-label="Rule" defaultValue="" />);
    const box = getByRole("textbox", { name: "Rule" });
    box.focus();
    fireEvent.focus(box);
    unmount(); // the lazy editor has loaded: the textarea is gone, the focus with it
    expect(claimFallbackFocus("other")).toBe(false);
    expect(claimFallbackFocus("rule")).toBe(true);
    expect(claimFallbackFocus("rule")).toBe(false);
  });

  it("leaves the focus where the user moved it meanwhile", () => {
    const { getByRole } = render(
      <>
        <CodeFallback id="rule" aria-label="Rule" defaultValue="" />
        <input aria-label="Name" />
      </>,
    );
    fireEvent.focus(getByRole("textbox", { name: "Rule" }));
    getByRole("textbox", { name: "Name" }).focus();
    expect(claimFallbackFocus("rule")).toBe(false);
  });
});
