import { describe, expect, it, vi } from "vitest";
import type PocketBase from "pocketbase";
import { appInfoStore, loadAppInfo } from "./appInfo";

describe("start-up app info", () => {
  it("reads meta.appName and meta.hideControls", async () => {
    const pb = { settings: { getAll: vi.fn(async () => ({ meta: { appName: "Acme", hideControls: true } })) } } as unknown as PocketBase;
    await loadAppInfo(pb);
    expect(appInfoStore.get()).toEqual({ appName: "Acme", hideControls: true });
  });

  it("only warns on the console when the settings cannot be read", async () => {
    appInfoStore.set({ appName: "Keep", hideControls: false });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const pb = { settings: { getAll: vi.fn(async () => Promise.reject(new Error("403"))) } } as unknown as PocketBase;
    await expect(loadAppInfo(pb)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
    expect(appInfoStore.get().appName).toBe("Keep");
  });
});
