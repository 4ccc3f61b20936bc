import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { registerShortcut } from "../../../lib/shortcuts";
import RichEditor from "./RichEditor";

describe("RichEditor full screen", () => {
  it("leaves full screen on Escape, from the text, without closing what holds the editor", () => {
    // the record panel's Escape, registered before the editor shows
    const closePanel = vi.fn(() => true);
    const off = registerShortcut({ key: "Escape", allowInInputs: true, handler: closePanel });
    const { container } = render(<RichEditor id="body" label="body" value="<p>Text</p>" onChange={() => {}} collections={[]} />);
    fireEvent.click(screen.getByRole("button", { name: "Fullscreen" }));
    expect(container.querySelector(".rich-editor-fullscreen")).not.toBeNull();

    fireEvent.keyDown(screen.getByRole("textbox", { name: "body" }), { key: "Escape", keyCode: 27 });
    expect(container.querySelector(".rich-editor-fullscreen")).toBeNull();
    expect(screen.getByRole("button", { name: "Fullscreen" })).toBeInTheDocument();
    expect(closePanel).not.toHaveBeenCalled();

    // out of full screen, Escape is the panel's again
    fireEvent.keyDown(screen.getByRole("button", { name: "Fullscreen" }), { key: "Escape" });
    expect(closePanel).toHaveBeenCalledOnce();
    off();
  });
});
