import { describe, expect, it } from "vitest";
import { Suspense } from "react";
import { render, screen } from "@testing-library/react";
import { lazyWithPreload } from "../../lib/lazyWithPreload";
import { RoutePage } from "./RoutePage";

const later = <T,>(value: T, ms: number) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe("RoutePage", () => {
  it("shows a lazily loaded page as soon as its code arrives, not 300 ms after the loader showed", async () => {
    const Page = lazyWithPreload(() => later({ default: () => <p>the page</p> }, 20));
    const t0 = performance.now();
    render(
      <Suspense fallback={<p>suspended</p>}>
        <RoutePage page={Page} params={{}} loader={<p>loading</p>} />
      </Suspense>,
    );
    expect(screen.getByText("loading")).toBeInTheDocument();
    await screen.findByText("the page", {}, { timeout: 1000 });
    // React's fallback throttle held a suspended page back until 300 ms after its fallback showed
    expect(performance.now() - t0).toBeLessThan(200);
  });

  it("renders a page that is not lazy at once", () => {
    render(<RoutePage page={({ params }) => <p>id {params.id}</p>} params={{ id: "7" }} loader={null} />);
    expect(screen.getByText("id 7")).toBeInTheDocument();
  });
});
