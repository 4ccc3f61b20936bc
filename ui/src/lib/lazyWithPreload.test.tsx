import { Suspense } from "react";
import { describe, expect, it } from "vitest";
import { act, render, screen } from "@testing-library/react";
import { lazyWithPreload, useLoaded, type Preloadable } from "./lazyWithPreload";
import { clearToasts, toastsStore } from "./toasts";

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

  it("useLoaded mounts the component once its code arrives, never showing the fallback", async () => {
    let resolve!: (m: { default: typeof Hello }) => void;
    const Lazy = lazyWithPreload(() => new Promise<{ default: typeof Hello }>((r) => (resolve = r)));
    function Host({ wanted, C }: { wanted: boolean; C: Preloadable<typeof Hello> }) {
      const loaded = useLoaded(C, wanted);
      return <Suspense fallback={<p>Loading</p>}>{wanted && loaded ? <C name="soon" /> : <p>Waiting</p>}</Suspense>;
    }
    const view = render(<Host wanted={false} C={Lazy} />);
    expect(Lazy.loaded).toBe(false);
    view.rerender(<Host wanted C={Lazy} />);
    expect(screen.getByText("Waiting")).toBeInTheDocument();
    await act(async () => resolve({ default: Hello }));
    expect(Lazy.loaded).toBe(true);
    expect(screen.getByText("Hello soon")).toBeInTheDocument();
    expect(screen.queryByText("Loading")).toBeNull();
  });

  it("useLoaded does not load what is not wanted", () => {
    let loads = 0;
    const Lazy = lazyWithPreload(async () => {
      loads++;
      return { default: Hello };
    });
    function Host() {
      return <p>{useLoaded(Lazy, false) ? "yes" : "no"}</p>;
    }
    render(<Host />);
    expect(loads).toBe(0);
    expect(screen.getByText("no")).toBeInTheDocument();
  });

  it("useLoaded reports a failed load and mounts the component once a later preload brings it", async () => {
    clearToasts();
    let attempts = 0;
    const Lazy = lazyWithPreload(async () => {
      if (++attempts === 1) throw new Error("Failed to fetch dynamically imported module");
      return { default: Hello };
    });
    function Host() {
      return <Suspense fallback={<p>Loading</p>}>{useLoaded(Lazy) ? <Lazy name="again" /> : <p>Waiting</p>}</Suspense>;
    }
    render(<Host />);
    await act(async () => {});
    expect(toastsStore.get().map((t) => t.message)).toContain("Failed to fetch dynamically imported module");
    expect(screen.getByText("Waiting")).toBeInTheDocument();
    await act(async () => void (await Lazy.preload())); // e.g. the next click's preload
    expect(screen.getByText("Hello again")).toBeInTheDocument();
    expect(screen.queryByText("Loading")).toBeNull();
    clearToasts();
  });
});
