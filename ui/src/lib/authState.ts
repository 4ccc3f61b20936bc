import { useSyncExternalStore } from "react";
import { client } from "./client";

export interface AdminModel {
  id: string;
  email: string;
  avatar?: number;
  created?: string;
  updated?: string;
}

// The token the app last rendered for. It follows the auth store, unless a hold delays it.
let shownToken = client.authStore.token;
const listeners = new Set<() => void>();
let holds = 0;

function publish(): void {
  if (shownToken === client.authStore.token) return;
  shownToken = client.authStore.token;
  for (const listener of listeners) listener();
}

// A microtask later: a listener the same change calls after this one can still take a hold.
client.authStore.onChange(() => {
  queueMicrotask(() => {
    if (holds === 0) publish();
  });
});

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const getToken = () => shownToken;

/** Re-renders on every auth store change (sign-in, logout, other tabs) that no hold delays. */
export function useAuthToken(): string {
  return useSyncExternalStore(subscribe, getToken, getToken);
}

export function useAdmin(): AdminModel | null {
  useAuthToken();
  const model = client.authStore.model as AdminModel | null;
  return client.authStore.isValid && client.authStore.isAdmin ? model : null;
}

/**
 * Keeps auth store changes from re-rendering the app until the returned release is called. Taken
 * in an auth store listener, it holds the change that called it. The sign-in form holds the new
 * session's render until the landing page's data is in: that render is one long task, and the
 * requests would otherwise wait for it to end. The caller must release on every path.
 */
export function holdSessionRender(): () => void {
  holds++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds--;
    if (holds === 0) publish();
  };
}
