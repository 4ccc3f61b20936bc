import { describe, expect, it, vi } from "vitest";
import { isEditableTarget, listShortcuts, registerShortcut, shortcutKeys } from "./shortcuts";

function press(key: string, target: EventTarget = document.body, init: KeyboardEventInit = {}) {
  const e = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(e);
  return e;
}

describe("shortcut registry", () => {
  it("dispatches newest first and stops at the first handler that consumes the event", () => {
    const older = vi.fn(() => true);
    const newer = vi.fn(() => true);
    const off1 = registerShortcut({ key: "Escape", handler: older });
    const off2 = registerShortcut({ key: "Escape", handler: newer });
    const e = press("Escape");
    expect(newer).toHaveBeenCalledOnce();
    expect(older).not.toHaveBeenCalled();
    expect(e.defaultPrevented).toBe(true);
    off2();
    press("Escape");
    expect(older).toHaveBeenCalledOnce();
    off1();
  });

  it("skips editable targets unless allowed, and honours the modifier", () => {
    const input = document.createElement("input");
    document.body.appendChild(input);
    const plain = vi.fn(() => true);
    const save = vi.fn(() => true);
    const off1 = registerShortcut({ key: "k", handler: plain });
    const off2 = registerShortcut({ key: "s", mod: true, allowInInputs: true, handler: save });
    press("k", input);
    expect(plain).not.toHaveBeenCalled();
    press("s", input);
    expect(save).not.toHaveBeenCalled();
    press("s", input, { ctrlKey: true });
    expect(save).toHaveBeenCalledOnce();
    off1();
    off2();
    input.remove();
  });

  it("knows editable elements", () => {
    const ta = document.createElement("textarea");
    const div = document.createElement("div");
    expect(isEditableTarget(ta)).toBe(true);
    expect(isEditableTarget(div)).toBe(false);
    expect(isEditableTarget(null)).toBe(false);
  });

  it("lets keys through from inputs that take no typing (radios, checkboxes, buttons)", () => {
    const input = (type: string) => Object.assign(document.createElement("input"), { type });
    for (const type of ["text", "search", "email", "password", "number", "url", "date"]) expect(isEditableTarget(input(type)), type).toBe(true);
    for (const type of ["checkbox", "radio", "button", "submit", "range", "file", "color"]) expect(isEditableTarget(input(type)), type).toBe(false);
    expect(isEditableTarget(document.createElement("select"))).toBe(true);

    const radio = input("radio");
    document.body.appendChild(radio);
    const close = vi.fn(() => true);
    const off = registerShortcut({ key: "Escape", handler: close });
    press("Escape", radio);
    expect(close).toHaveBeenCalledOnce();
    off();
    radio.remove();
  });
});

describe("shortcut list", () => {
  it("lists the described shortcuts registered now, newest first, each once, with readable keys", () => {
    const offs = [
      registerShortcut({ key: "Escape", description: "Close the panel", handler: () => true }),
      registerShortcut({ key: "Escape", description: "Close the panel", handler: () => true }),
      registerShortcut({ key: "x", handler: () => true }),
      registerShortcut({ key: "k", mod: true, description: "Open the command palette", handler: () => true }),
    ];
    expect(listShortcuts()).toEqual([
      { keys: shortcutKeys({ key: "k", mod: true }), description: "Open the command palette" },
      { keys: "Esc", description: "Close the panel" },
    ]);
    for (const off of offs) off();
    expect(listShortcuts()).toEqual([]);
  });

  it("reads Ctrl+K off macOS and ⌘K on it", () => {
    expect(shortcutKeys({ key: "k", mod: true }, false)).toBe("Ctrl+K");
    expect(shortcutKeys({ key: "k", mod: true }, true)).toBe("⌘K");
    expect(shortcutKeys({ key: "?" }, false)).toBe("?");
  });
});
