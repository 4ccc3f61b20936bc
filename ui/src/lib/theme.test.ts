import { describe, expect, it } from "vitest";
import { initTheme, setTheme, themeStore, toggleTheme } from "./theme";
import { storageKeys } from "./storageKeys";

describe("theme", () => {
  it("toggles, applies to <html> and remembers the choice", () => {
    initTheme();
    setTheme("light");
    expect(document.documentElement.dataset.theme).toBe("light");
    toggleTheme();
    expect(themeStore.get()).toBe("dark");
    expect(document.documentElement.dataset.theme).toBe("dark");
    expect(window.localStorage.getItem(storageKeys.theme)).toBe("dark");
    toggleTheme();
    expect(window.localStorage.getItem(storageKeys.theme)).toBe("light");
  });
});
