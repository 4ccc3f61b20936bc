import { useSyncExternalStore } from "react";
import { client } from "./client";

export interface AdminModel {
  id: string;
  email: string;
  avatar?: number;
  created?: string;
  updated?: string;
}

function subscribe(listener: () => void) {
  return client.authStore.onChange(() => listener());
}

const getToken = () => client.authStore.token;

/** Re-renders on every auth store change (sign-in, logout, other tabs). */
export function useAuthToken(): string {
  return useSyncExternalStore(subscribe, getToken, getToken);
}

export function useAdmin(): AdminModel | null {
  useAuthToken();
  const model = client.authStore.model as AdminModel | null;
  return client.authStore.isValid && client.authStore.isAdmin ? model : null;
}
