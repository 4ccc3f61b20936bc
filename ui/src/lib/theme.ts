import { createStore } from "./store";
import { readStorage, storageKeys, writeStorage } from "./storageKeys";

export type Theme = "light" | "dark";

function systemTheme(): Theme {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

function storedTheme(): Theme | null {
  const v = readStorage(storageKeys.theme);
  return v === "light" || v === "dark" ? v : null;
}

/** The effective theme: the remembered choice, else the system preference. */
export const themeStore = createStore<Theme>(typeof window === "undefined" ? "light" : storedTheme() ?? systemTheme());

function apply(theme: Theme) {
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
}

/** Applies the theme and follows the system setting until the user picks one. */
export function initTheme(): void {
  apply(themeStore.get());
  themeStore.subscribe(() => apply(themeStore.get()));
  window.matchMedia?.("(prefers-color-scheme: dark)").addEventListener?.("change", () => {
    if (!storedTheme()) themeStore.set(systemTheme());
  });
}

export function setTheme(theme: Theme): void {
  writeStorage(storageKeys.theme, theme);
  themeStore.set(theme);
}

export function toggleTheme(): void {
  setTheme(themeStore.get() === "dark" ? "light" : "dark");
}
