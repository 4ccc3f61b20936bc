import { describe, expect, it, vi } from "vitest";
import { confirm, confirmNo, confirmStore, confirmYes } from "./confirm";

describe("confirm popup store", () => {
  it("runs the yes-callback, disables while it runs, then closes", async () => {
    let resolve!: () => void;
    const yes = vi.fn(() => new Promise<void>((r) => (resolve = r)));
    const no = vi.fn();
    confirm("Really?", yes, no);
    expect(confirmStore.get()).toMatchObject({ text: "Really?", busy: false });
    const p = confirmYes();
    expect(yes).toHaveBeenCalledOnce();
    expect(confirmStore.get()?.busy).toBe(true);
    // A second Yes or a No while busy does nothing.
    await confirmYes();
    confirmNo();
    expect(yes).toHaveBeenCalledOnce();
    expect(no).not.toHaveBeenCalled();
    resolve();
    await p;
    expect(confirmStore.get()).toBeNull();
    expect(no).not.toHaveBeenCalled();
  });

  it("No (or dismiss) runs the no-callback and closes", () => {
    const yes = vi.fn();
    const no = vi.fn();
    confirm("Delete?", yes, no);
    confirmNo();
    expect(no).toHaveBeenCalledOnce();
    expect(yes).not.toHaveBeenCalled();
    expect(confirmStore.get()).toBeNull();
  });

  it("closes even when the yes-callback throws", async () => {
    confirm("x", () => {
      throw new Error("nope");
    });
    await expect(confirmYes()).rejects.toThrow("nope");
    expect(confirmStore.get()).toBeNull();
  });
});
