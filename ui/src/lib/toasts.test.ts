import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addErrorToast, addInfoToast, addSuccessToast, addToast, addWarningToast, clearToasts, removeToast, TOAST_ANIMATION_MS, TOAST_DURATIONS, toastsStore } from "./toasts";

describe("toasts", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    clearToasts();
  });
  afterEach(() => {
    clearToasts();
    vi.useRealTimers();
  });

  it("uses the spec durations and animation", () => {
    expect(TOAST_DURATIONS).toEqual({ info: 4000, success: 3000, error: 4500, warning: 4500 });
    expect(TOAST_ANIMATION_MS).toBe(150);
  });

  it.each([
    ["info", addInfoToast, 4000],
    ["success", addSuccessToast, 3000],
    ["error", addErrorToast, 4500],
    ["warning", addWarningToast, 4500],
  ] as const)("removes a %s toast after its duration", (type, add, ms) => {
    add("hello");
    expect(toastsStore.get()).toMatchObject([{ type, message: "hello" }]);
    vi.advanceTimersByTime(ms - 1);
    expect(toastsStore.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toastsStore.get()).toHaveLength(0);
  });

  it("keys toasts by message: an identical message replaces the old one and restarts its timer", () => {
    addErrorToast("boom");
    vi.advanceTimersByTime(4000);
    addErrorToast("boom");
    expect(toastsStore.get()).toHaveLength(1);
    vi.advanceTimersByTime(4000);
    expect(toastsStore.get()).toHaveLength(1);
    vi.advanceTimersByTime(500);
    expect(toastsStore.get()).toHaveLength(0);
  });

  it("keeps different messages apart and can remove one", () => {
    addToast("info", "a");
    addToast("success", "b");
    expect(toastsStore.get().map((t) => t.message)).toEqual(["a", "b"]);
    removeToast("a");
    expect(toastsStore.get().map((t) => t.message)).toEqual(["b"]);
  });

  it("ignores empty messages", () => {
    addInfoToast("");
    expect(toastsStore.get()).toHaveLength(0);
  });
});
