import { afterEach, describe, expect, it, vi } from "vitest";
import { warmFieldInputs } from "./warmFieldInputs";

describe("warmFieldInputs", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it("lays out one hidden control per kind the fields use, the date-time input first, once per page", () => {
    vi.useFakeTimers();
    const laidOut: string[] = [];
    const append = document.body.appendChild.bind(document.body);
    vi.spyOn(document.body, "appendChild").mockImplementation((node) => {
      laidOut.push((node as HTMLElement).innerHTML);
      return append(node);
    });
    warmFieldInputs([{ type: "text" }, { type: "date" }, { type: "file" }, { type: "date" }], true);
    expect(laidOut).toHaveLength(0); // nothing during the render that called it
    vi.advanceTimersByTime(250);
    expect(laidOut).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    const types = (html: string) => [...html.matchAll(/type="([^"]+)"/g)].map((m) => m[1]);
    expect(laidOut.map(types)).toEqual([["datetime-local"], ["file", "email"]]);
    expect(document.body.querySelector("[aria-hidden][inert]")).toBeNull(); // removed again

    warmFieldInputs([{ type: "date" }, { type: "number" }], false);
    vi.advanceTimersByTime(1000);
    expect(laidOut.map(types)).toEqual([["datetime-local"], ["file", "email"], ["number"]]);
  });

  it("stops when cancelled", () => {
    vi.useFakeTimers();
    const spy = vi.spyOn(document.body, "appendChild");
    const cancel = warmFieldInputs([{ type: "url" }, { type: "json" }], false);
    cancel();
    vi.advanceTimersByTime(1000);
    expect(spy).not.toHaveBeenCalled();
  });
});
