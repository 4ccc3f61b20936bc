import { describe, expect, it } from "vitest";
import { reloadable } from "./reloadable.js";

/** A stand-in for the app's services: numbered opens, a close that takes a while. */
function makeOpener(failOn: number[] = []) {
  let opens = 0;
  const closed: number[] = [];
  const open = async () => {
    const n = ++opens;
    if (failOn.includes(n)) throw new Error(`open ${n} failed`);
    return {
      n,
      async close() {
        await new Promise((r) => setTimeout(r, 30));
        closed.push(n);
      },
    };
  };
  return { open, closed };
}

describe("reloadable", () => {
  it("points every property to the services opened last, keeps the fixed ones, and holds callers during a reload", async () => {
    const { open, closed } = makeOpener();
    let fixedClosed = 0;
    const app = await reloadable(open, () => ({ bus: "same", close: async () => void fixedClosed++ }));
    const before = app.bus;
    expect(app.n).toBe(1);
    const steps: string[] = [];
    expect(app.isOpen()).toBe(true);
    const reload = app.reload(() => steps.push("swap"), () => steps.push("undo"));
    expect(app.isOpen()).toBe(false);
    let waited = false;
    const waiting = app.whenOpen().then(() => (waited = true));
    await new Promise((r) => setTimeout(r, 10));
    expect(waited).toBe(false); // still closing
    await reload;
    await waiting;
    expect(app.isOpen()).toBe(true);
    expect(steps).toEqual(["swap"]);
    expect(app.n).toBe(2);
    expect(closed).toEqual([1]);
    expect(app.bus).toBe(before);
    expect("n" in app && "bus" in app && "reload" in app).toBe(true);
    await app.close();
    await app.close();
    expect(closed).toEqual([1, 2]);
    expect(fixedClosed).toBe(1);
  });

  it("undoes and reopens on the previous data when the reopen fails", async () => {
    const { open } = makeOpener([2]);
    const app = await reloadable(open, () => ({}));
    const steps: string[] = [];
    await expect(app.reload(() => steps.push("swap"), () => steps.push("undo"))).rejects.toThrow("open 2 failed");
    expect(steps).toEqual(["swap", "undo"]);
    expect(app.n).toBe(3);
    await expect(app.whenOpen()).resolves.toBeUndefined();
    await app.close();
  });
});
