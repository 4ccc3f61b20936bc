import { Suspense } from "react";
import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { lazyWithPreload } from "./lazyWithPreload";

function Hello({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe("lazyWithPreload", () => {
  it("renders a preloaded component at once, without its Suspense fallback", async () => {
    let loads = 0;
    const Lazy = lazyWithPreload(async () => {
      loads++;
      return { default: Hello };
    });
    await Lazy.preload();
    await Lazy.preload();
    expect(loads).toBe(1);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy name="there" />
      </Suspense>,
    );
    expect(screen.getByText("Hello there")).toBeInTheDocument();
    expect(screen.queryByText("Loading")).toBeNull();
  });

  it("suspends like React.lazy until its code is there", async () => {
    let resolve!: (m: { default: typeof Hello }) => void;
    const Lazy = lazyWithPreload(() => new Promise<{ default: typeof Hello }>((r) => (resolve = r)));
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy name="later" />
      </Suspense>,
    );
    expect(screen.getByText("Loading")).toBeInTheDocument();
    resolve({ default: Hello });
    expect(await screen.findByText("Hello later")).toBeInTheDocument();
  });

  it("loads again after a failed load", async () => {
    let attempts = 0;
    const Lazy = lazyWithPreload(async () => {
      if (++attempts === 1) throw new Error("chunk failed");
      return { default: Hello };
    });
    await expect(Lazy.preload()).rejects.toThrow("chunk failed");
    await Lazy.preload();
    expect(attempts).toBe(2);
  });
});
