import { createStore } from "./store";

export interface ConfirmState {
  text: string;
  yes: () => unknown;
  no?: () => unknown;
  /** True while the yes-callback runs (buttons are disabled). */
  busy: boolean;
}

export const confirmStore = createStore<ConfirmState | null>(null);

/** Opens the shared yes/no popup. */
export function confirm(text: string, yes: () => unknown, no?: () => unknown): void {
  confirmStore.set({ text, yes, no, busy: false });
}

/** Runs the yes-callback (awaiting it, buttons disabled meanwhile), then closes. */
export async function confirmYes(): Promise<void> {
  const state = confirmStore.get();
  if (!state || state.busy) return;
  confirmStore.set({ ...state, busy: true });
  try {
    await state.yes();
  } finally {
    confirmStore.set(null);
  }
}

/** No button or dismissal: runs the no-callback and closes. */
export function confirmNo(): void {
  const state = confirmStore.get();
  if (!state || state.busy) return;
  confirmStore.set(null);
  state.no?.();
}
