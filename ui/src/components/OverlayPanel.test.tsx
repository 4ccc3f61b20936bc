import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { OverlayPanel } from "./OverlayPanel";
import { BODY_ACTIVE_CLASS, computeScrollFlags, OVERLAY_FADE_MS, OVERLAY_Z_BASE, resetOverlayStack, SCROLL_CHECK_DELAY_MS } from "./overlayStack";

function Harness(props: { initial?: boolean; beforeHide?: () => boolean; beforeOpen?: () => boolean; onClose?: () => void; title?: string; children?: React.ReactNode }) {
  const [open, setOpen] = useState(!!props.initial);
  return (
    <>
      <button onClick={() => setOpen(true)}>open {props.title ?? "A"}</button>
      <OverlayPanel
        open={open}
        title={props.title ?? "A"}
        beforeHide={props.beforeHide}
        beforeOpen={props.beforeOpen}
        onClose={() => {
          props.onClose?.();
          setOpen(false);
        }}
      >
        <input aria-label={`input ${props.title ?? "A"}`} />
        {props.children}
      </OverlayPanel>
    </>
  );
}

const escape = (target: Element | Document = document.body) => fireEvent.keyDown(target, { key: "Escape" });

describe("OverlayPanel", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetOverlayStack();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("constants follow the spec", () => {
    expect(OVERLAY_Z_BASE).toBe(1000);
    expect(OVERLAY_FADE_MS).toBe(150);
    expect(SCROLL_CHECK_DELAY_MS).toBe(100);
  });

  it("renders header, content and footer sections as a labelled dialog; marks the body while open", () => {
    render(
      <OverlayPanel open title="Request log" onClose={() => {}} footer={<button>Close</button>}>
        <p>content</p>
      </OverlayPanel>,
    );
    const dialog = screen.getByRole("dialog", { name: "Request log" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(dialog.querySelector(".overlay-panel-header")).not.toBeNull();
    expect(dialog.querySelector(".overlay-panel-content")).toHaveTextContent("content");
    expect(dialog.querySelector(".overlay-panel-footer")).not.toBeNull();
    expect(document.body).toHaveClass(BODY_ACTIVE_CLASS);
  });

  it("stacks with z-index 1000 + the number of active panels", () => {
    render(
      <>
        <Harness initial title="A" />
        <Harness initial title="B" />
      </>,
    );
    const containers = document.querySelectorAll<HTMLElement>(".overlay-container");
    expect(containers[0].style.zIndex).toBe("1001");
    expect(containers[1].style.zIndex).toBe("1002");
  });

  it("Escape closes only the topmost panel, and not from an input", () => {
    render(
      <>
        <Harness initial title="A" />
        <Harness initial title="B" />
      </>,
    );
    escape(screen.getByLabelText("input B"));
    expect(screen.getByRole("dialog", { name: "B" })).toBeInTheDocument();
    escape();
    act(() => vi.advanceTimersByTime(OVERLAY_FADE_MS));
    expect(screen.queryByRole("dialog", { name: "B" })).toBeNull();
    expect(screen.getByRole("dialog", { name: "A" })).toBeInTheDocument();
    expect(document.body).toHaveClass(BODY_ACTIVE_CLASS);
    escape();
    act(() => vi.advanceTimersByTime(OVERLAY_FADE_MS));
    expect(screen.queryByRole("dialog", { name: "A" })).toBeNull();
    expect(document.body).not.toHaveClass(BODY_ACTIVE_CLASS);
  });

  it("closes on backdrop click and on the close button", () => {
    const onClose = vi.fn();
    render(<Harness initial onClose={onClose} />);
    fireEvent.click(screen.getByTestId("overlay-backdrop"));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("button", { name: "open A" }));
    act(() => vi.advanceTimersByTime(OVERLAY_FADE_MS));
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it("a before-hide check can cancel closing", () => {
    let allow = false;
    render(<Harness initial beforeHide={() => allow} />);
    escape();
    fireEvent.click(screen.getByTestId("overlay-backdrop"));
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    allow = true;
    escape();
    act(() => vi.advanceTimersByTime(OVERLAY_FADE_MS));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("a before-open check can cancel opening", () => {
    const onClose = vi.fn();
    render(<Harness beforeOpen={() => false} onClose={onClose} />);
    fireEvent.click(screen.getByRole("button", { name: "open A" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(onClose).toHaveBeenCalled();
    expect(document.body).not.toHaveClass(BODY_ACTIVE_CLASS);
  });

  it("returns focus to the previously focused element on close", () => {
    render(<Harness />);
    const opener = screen.getByRole("button", { name: "open A" });
    opener.focus();
    fireEvent.click(opener);
    expect(screen.getByLabelText("input A")).toHaveFocus();
    escape(screen.getByRole("dialog"));
    act(() => vi.advanceTimersByTime(OVERLAY_FADE_MS));
    expect(opener).toHaveFocus();
  });

  it("returns focus to the opener when its caller unmounts it while open (instead of closing it)", () => {
    function Unmounting() {
      const [shown, setShown] = useState(false);
      return (
        <>
          <button onClick={() => setShown(true)}>open picker</button>
          {shown ? (
            <OverlayPanel open title="Picker" onClose={() => setShown(false)}>
              <input aria-label="picker search" />
            </OverlayPanel>
          ) : null}
        </>
      );
    }
    render(<Unmounting />);
    const opener = screen.getByRole("button", { name: "open picker" });
    opener.focus();
    fireEvent.click(opener);
    expect(screen.getByLabelText("picker search")).toHaveFocus();
    escape(screen.getByRole("dialog"));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(opener).toHaveFocus();
  });

  it("flags the content as scrollable / top reached / bottom reached after the scroll check delay", () => {
    expect(computeScrollFlags({ scrollTop: 0, scrollHeight: 100, clientHeight: 100 })).toEqual({ scrollable: false, topReached: true, bottomReached: true });
    expect(computeScrollFlags({ scrollTop: 0, scrollHeight: 500, clientHeight: 100 })).toEqual({ scrollable: true, topReached: true, bottomReached: false });
    expect(computeScrollFlags({ scrollTop: 200, scrollHeight: 500, clientHeight: 100 })).toEqual({ scrollable: true, topReached: false, bottomReached: false });
    expect(computeScrollFlags({ scrollTop: 400, scrollHeight: 500, clientHeight: 100 })).toEqual({ scrollable: true, topReached: false, bottomReached: true });

    render(<Harness initial />);
    const content = document.querySelector<HTMLElement>(".overlay-panel-content")!;
    Object.defineProperty(content, "scrollHeight", { value: 500, configurable: true });
    Object.defineProperty(content, "clientHeight", { value: 100, configurable: true });
    content.scrollTop = 200;
    fireEvent.scroll(content);
    act(() => vi.advanceTimersByTime(SCROLL_CHECK_DELAY_MS - 1));
    expect(content).not.toHaveClass("scrollable");
    act(() => vi.advanceTimersByTime(1));
    expect(content).toHaveClass("scrollable");
    expect(content).not.toHaveClass("scroll-top-reached");
    expect(content).not.toHaveClass("scroll-bottom-reached");
    content.scrollTop = 400;
    fireEvent.scroll(content);
    act(() => vi.advanceTimersByTime(SCROLL_CHECK_DELAY_MS));
    expect(content).toHaveClass("scroll-bottom-reached");
  });
});
