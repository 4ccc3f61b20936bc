import { useSyncExternalStore } from "react";
import { createStore } from "./store";

/** Server field errors keyed like the response data: {field: {code, message}} (possibly nested). */
export type FieldErrors = Record<string, unknown>;

export const INVALID_VALUE_MESSAGE = "Invalid value";

export const formErrorsStore = createStore<FieldErrors>({});

export function setFormErrors(errors: FieldErrors | null | undefined): void {
  formErrorsStore.set(errors && typeof errors === "object" ? { ...errors } : {});
}

export function clearFormErrors(): void {
  if (Object.keys(formErrorsStore.get()).length) formErrorsStore.set({});
}

function isLeaf(v: unknown): v is { code?: unknown; message?: unknown } {
  return !!v && typeof v === "object" && ("code" in (v as object) || "message" in (v as object));
}

/** Looks up a dotted name ("logs.maxDays") and returns its message, "Invalid value" when it has no text. */
export function fieldErrorMessage(errors: FieldErrors, name: string): string {
  let cur: unknown = errors;
  for (const part of name.split(".")) {
    if (!cur || typeof cur !== "object") return "";
    cur = (cur as Record<string, unknown>)[part];
  }
  if (cur === undefined || cur === null || cur === false || cur === "") return "";
  if (typeof cur === "string") return cur;
  if (isLeaf(cur)) return typeof cur.message === "string" && cur.message ? cur.message : INVALID_VALUE_MESSAGE;
  if (typeof cur === "object" && Object.keys(cur as object).length === 0) return "";
  return INVALID_VALUE_MESSAGE;
}

/** Removes the error stored under a dotted name (done when the user edits that field). */
export function clearFieldError(name: string): void {
  const errors = formErrorsStore.get();
  if (!fieldErrorMessage(errors, name)) return;
  const next = structuredCloneSafe(errors);
  const parts = name.split(".");
  let cur: Record<string, unknown> = next;
  for (let i = 0; i < parts.length - 1; i++) {
    const v = cur[parts[i]];
    if (!v || typeof v !== "object") return;
    cur = v as Record<string, unknown>;
  }
  delete cur[parts[parts.length - 1]];
  formErrorsStore.set(next);
}

function structuredCloneSafe<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

export function useFieldError(name: string): string {
  return useSyncExternalStore(
    formErrorsStore.subscribe,
    () => fieldErrorMessage(formErrorsStore.get(), name),
    () => "",
  );
}
