import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { arrowKeyStep, isSidewaysWheel, SideScroll, sidewaysDelta } from "./SideScroll";

const wheel = (over: Partial<WheelEvent>) => ({ deltaX: 0, deltaY: 0, deltaMode: 0, shiftKey: false, ...over });

describe("sidewaysDelta", () => {
  it("takes deltaX, in pixels", () => {
    expect(sidewaysDelta(wheel({ deltaX: 30, deltaY: 100 }), 800)).toBe(30);
  });

  it("ignores a vertical wheel, which scrolls the page", () => {
    expect(sidewaysDelta(wheel({ deltaY: 100 }), 800)).toBe(0);
  });

  it("turns a vertical wheel sideways while Shift is held", () => {
    expect(sidewaysDelta(wheel({ deltaY: -100, shiftKey: true }), 800)).toBe(-100);
  });

  it("converts lines and pages to pixels", () => {
    expect(sidewaysDelta(wheel({ deltaX: 3, deltaMode: 1 }), 800)).toBe(120);
    expect(sidewaysDelta(wheel({ deltaX: 1, deltaMode: 2 }), 800)).toBe(800);
  });
});

describe("isSidewaysWheel", () => {
  it("claims a wheel that moves more sideways than down, or any with Shift", () => {
    expect(isSidewaysWheel(wheel({ deltaX: 40, deltaY: 10 }))).toBe(true);
    expect(isSidewaysWheel(wheel({ deltaY: 100, shiftKey: true }))).toBe(true);
  });

  it("leaves a mostly vertical (diagonal) wheel to the page", () => {
    expect(isSidewaysWheel(wheel({ deltaX: 10, deltaY: 40 }))).toBe(false);
  });
});

describe("arrowKeyStep", () => {
  const key = (k: string, target: Element, mods: Partial<KeyboardEvent> = {}) => ({ key: k, target, altKey: false, ctrlKey: false, metaKey: false, shiftKey: false, ...mods });
  const make = (html: string) => {
    const host = document.createElement("div");
    host.innerHTML = html;
    return host.firstElementChild as Element;
  };

  it("moves by a step on Left and Right from a checkbox or a button", () => {
    expect(arrowKeyStep(key("ArrowRight", make('<input type="checkbox">')))).toBe(40);
    expect(arrowKeyStep(key("ArrowLeft", make("<button>open</button>")))).toBe(-40);
  });

  it("leaves the arrows to text inputs and editors, and ignores other keys and modifiers", () => {
    expect(arrowKeyStep(key("ArrowRight", make('<input type="text">')))).toBe(0);
    expect(arrowKeyStep(key("ArrowRight", make('<input type="radio">')))).toBe(0);
    expect(arrowKeyStep(key("ArrowRight", make('<input type="range">')))).toBe(0);
    expect(arrowKeyStep(key("ArrowRight", make('<div contenteditable="true"></div>')))).toBe(0);
    expect(arrowKeyStep(key("ArrowDown", make("<button>open</button>")))).toBe(0);
    expect(arrowKeyStep(key("ArrowRight", make("<button>open</button>"), { altKey: true }))).toBe(0);
  });
});

describe("SideScroll", () => {
  it("shows no scrollbar while the content fits", () => {
    const { container } = render(
      <SideScroll className="table-wrapper">
        <p>narrow</p>
      </SideScroll>,
    );
    expect(screen.getByText("narrow").parentElement).toHaveClass("side-scroll-view");
    expect(container.firstElementChild).toHaveClass("side-scroll", "table-wrapper");
    expect(container.querySelector(".side-scroll-bar")).toBeNull();
  });
});
