import { renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { registerShortcut } from "./shortcuts";
import { useSaveShortcut } from "./useSaveShortcut";

function pressSave(target: EventTarget = document.body, init: KeyboardEventInit = { ctrlKey: true }) {
  const e = new KeyboardEvent("keydown", { key: "s", bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(e);
  return e;
}

describe("useSaveShortcut", () => {
  it("saves on Ctrl/Cmd+S while open, from inputs too, with the latest callback", () => {
    const first = vi.fn();
    const latest = vi.fn();
    const { rerender, unmount } = renderHook(({ save }) => useSaveShortcut(true, save), { initialProps: { save: first } });
    rerender({ save: latest });
    const input = document.createElement("input");
    document.body.appendChild(input);
    expect(pressSave(input).defaultPrevented).toBe(true);
    expect(pressSave(document.body, { metaKey: true }).defaultPrevented).toBe(true);
    pressSave(document.body, {});
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledTimes(2);
    input.remove();
    unmount();
    expect(pressSave().defaultPrevented).toBe(false);
  });

  it("does nothing while closed", () => {
    const save = vi.fn();
    const { rerender, unmount } = renderHook(({ open }) => useSaveShortcut(open, save), { initialProps: { open: false } });
    expect(pressSave().defaultPrevented).toBe(false);
    rerender({ open: true });
    pressSave();
    expect(save).toHaveBeenCalledOnce();
    unmount();
  });

  it("lets the key pass to older shortcuts while blocked, and the newest panel goes first", () => {
    const older = vi.fn(() => true);
    const off = registerShortcut({ key: "s", mod: true, allowInInputs: true, handler: older });
    const outer = vi.fn();
    const inner = vi.fn();
    const a = renderHook(() => useSaveShortcut(true, outer));
    const b = renderHook(({ blocked }) => useSaveShortcut(true, inner, blocked), { initialProps: { blocked: false } });
    pressSave();
    expect(inner).toHaveBeenCalledOnce();
    expect(outer).not.toHaveBeenCalled();
    b.rerender({ blocked: true });
    pressSave();
    expect(inner).toHaveBeenCalledOnce();
    expect(outer).toHaveBeenCalledOnce();
    a.unmount();
    pressSave();
    expect(older).toHaveBeenCalledOnce();
    b.unmount();
    off();
  });
});
