import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";

const preloadRoute = vi.fn();
vi.mock("../../routes", () => ({ preloadRoute: (path: string) => preloadRoute(path) }));

const { Sidebar } = await import("./Sidebar");

describe("app sidebar", () => {
  it("starts loading a page's code when its link is pointed at or focused", () => {
    render(<Sidebar path="/collections" />);
    fireEvent.pointerEnter(screen.getByRole("link", { name: "Logs" }));
    expect(preloadRoute).toHaveBeenLastCalledWith("/logs");
    fireEvent.focus(screen.getByRole("link", { name: "Settings" }));
    expect(preloadRoute).toHaveBeenLastCalledWith("/settings");
    expect(screen.getByRole("link", { name: "Collections" })).toHaveAttribute("aria-current", "page");
  });
});
