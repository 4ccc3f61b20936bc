import { createStore } from "./store";

export type ToastType = "info" | "success" | "warning" | "error";

export interface Toast {
  type: ToastType;
  message: string;
  /** Bumped when an identical message is shown again, so its timer restarts. */
  version: number;
}

export const TOAST_DURATIONS: Record<ToastType, number> = {
  info: 4000,
  success: 3000,
  error: 4500,
  warning: 4500,
};

/** Enter/leave animation length in ms. */
export const TOAST_ANIMATION_MS = 150;

export const toastsStore = createStore<Toast[]>([]);

const timers = new Map<string, ReturnType<typeof setTimeout>>();
let versionSeq = 0;

/** Shows a toast keyed by its message: an identical message replaces the shown one and restarts its timer. */
export function addToast(type: ToastType, message: string, duration: number = TOAST_DURATIONS[type]): void {
  if (!message) return;
  const toast: Toast = { type, message, version: ++versionSeq };
  toastsStore.set((list) => [...list.filter((t) => t.message !== message), toast]);
  const prev = timers.get(message);
  if (prev) clearTimeout(prev);
  if (duration > 0) {
    timers.set(
      message,
      setTimeout(() => removeToast(message), duration),
    );
  }
}

export function removeToast(message: string): void {
  const timer = timers.get(message);
  if (timer) clearTimeout(timer);
  timers.delete(message);
  toastsStore.set((list) => (list.some((t) => t.message === message) ? list.filter((t) => t.message !== message) : list));
}

export function clearToasts(): void {
  for (const t of timers.values()) clearTimeout(t);
  timers.clear();
  toastsStore.set([]);
}

export const addInfoToast = (message: string, duration?: number) => addToast("info", message, duration);
export const addSuccessToast = (message: string, duration?: number) => addToast("success", message, duration);
export const addWarningToast = (message: string, duration?: number) => addToast("warning", message, duration);
export const addErrorToast = (message: string, duration?: number) => addToast("error", message, duration);
