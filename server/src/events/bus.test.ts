import { describe, expect, it, vi } from "vitest";
import { createEventBus, type AppEvent } from "./bus.js";

const settingsEvent = { type: "settings.save", settings: {} } as unknown as AppEvent;

describe("event bus", () => {
  it("delivers to listeners of the type and to wildcard listeners", () => {
    const bus = createEventBus();
    const seen: string[] = [];
    bus.on("settings.save", () => seen.push("typed"));
    bus.on("record.create", () => seen.push("other"));
    bus.on("*", (e) => seen.push(`any:${e.type}`));
    bus.emit(settingsEvent);
    expect(seen).toEqual(["typed", "any:settings.save"]);
  });

  it("unsubscribes", () => {
    const bus = createEventBus();
    const fn = vi.fn();
    const off = bus.on("settings.save", fn);
    off();
    bus.emit(settingsEvent);
    expect(fn).not.toHaveBeenCalled();
  });

  it("keeps a throwing listener away from the publisher and the other listeners", () => {
    const errors: unknown[] = [];
    const bus = createEventBus({ onListenerError: (err) => errors.push(err) });
    const after = vi.fn();
    bus.on("settings.save", () => {
      throw new Error("boom");
    });
    bus.on("settings.save", after);
    expect(() => bus.emit(settingsEvent)).not.toThrow();
    expect(after).toHaveBeenCalledOnce();
    expect(errors).toHaveLength(1);
  });
});
