import { afterEach, describe, expect, it } from "vitest";
import { isTopmostOverlay, popOverlay, pushOverlay, resetOverlayStack } from "./overlayStack";

describe("overlay stack", () => {
  afterEach(resetOverlayStack);

  it("puts a panel opened over others above the topmost one, even after one under it closed", () => {
    const panel = pushOverlay();
    const question = pushOverlay();
    // Duplicate: the new panel opens while the old one and its question are still there
    const copy = pushOverlay();
    popOverlay(question.id);
    popOverlay(panel.id);
    const next = pushOverlay(); // the copy's own question
    expect([panel.zIndex, question.zIndex, copy.zIndex]).toEqual([1001, 1002, 1003]);
    expect(next.zIndex).toBeGreaterThan(copy.zIndex);
    expect(isTopmostOverlay(next.id)).toBe(true);
    popOverlay(next.id);
    expect(isTopmostOverlay(copy.id)).toBe(true);
  });

  it("starts again from the base once every panel closed", () => {
    popOverlay(pushOverlay().id);
    expect(pushOverlay().zIndex).toBe(1001);
  });
});
