import { describe, expect, it } from "vitest";
import { movedIndex } from "./useRovingFocus";

describe("movedIndex", () => {
  it("moves through a list with Up/Down, Home and End, and stops at the ends", () => {
    expect(movedIndex("ArrowDown", 0, 3, 1)).toBe(1);
    expect(movedIndex("ArrowDown", 2, 3, 1)).toBe(2);
    expect(movedIndex("ArrowUp", 0, 3, 1)).toBe(0);
    expect(movedIndex("End", 0, 3, 1)).toBe(2);
    expect(movedIndex("Home", 2, 3, 1)).toBe(0);
    // Left/Right are not a list's keys
    expect(movedIndex("ArrowRight", 0, 3, 1)).toBeNull();
    expect(movedIndex("Enter", 0, 3, 1)).toBeNull();
  });

  it("moves through a grid by cells with Left/Right and by rows with Up/Down", () => {
    expect(movedIndex("ArrowRight", 0, 10, 4)).toBe(1);
    expect(movedIndex("ArrowLeft", 0, 10, 4)).toBe(0);
    expect(movedIndex("ArrowDown", 1, 10, 4)).toBe(5);
    expect(movedIndex("ArrowDown", 7, 10, 4)).toBe(9);
    expect(movedIndex("ArrowUp", 5, 10, 4)).toBe(1);
  });
});
