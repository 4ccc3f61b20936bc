import { afterEach, describe, expect, it, vi } from "vitest";
import { warmFonts } from "./warmFonts";

describe("warmFonts", () => {
  afterEach(() => vi.restoreAllMocks());

  it("lays out monospace and bold text out of sight and removes it in the same task", () => {
    const laidOut: HTMLElement[] = [];
    const append = document.body.appendChild.bind(document.body);
    vi.spyOn(document.body, "appendChild").mockImplementation((node) => {
      laidOut.push(node as HTMLElement);
      return append(node);
    });
    warmFonts();
    expect(laidOut).toHaveLength(1);
    const box = laidOut[0];
    const spans = [...box.querySelectorAll("span")];
    expect(spans[0].style.fontFamily).toBe("var(--font-mono)");
    expect(spans.slice(1).map((s) => s.style.fontWeight)).toEqual(["500", "600", "700"]);
    expect(box.getAttribute("aria-hidden")).toBe("true");
    expect(box.hasAttribute("inert")).toBe(true);
    expect(box.isConnected).toBe(false);
  });
});
