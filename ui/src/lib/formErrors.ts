import { createContext, useContext, useSyncExternalStore } from "react";
import { createStore, type Store } from "./store";

/** Server field errors keyed like the response data: {field: {code, message}} (possibly nested). */
export type FieldErrors = Record<string, unknown>;
export type FormErrorsStore = Store<FieldErrors>;

export const INVALID_VALUE_MESSAGE = "Invalid value";

/** The page's field errors (the shared error handler's default place for them). */
export const formErrorsStore: FormErrorsStore = createStore<FieldErrors>({});

/** A form's own field errors, for a form that can be open over another one (record panels). */
export function createFormErrors(): FormErrorsStore {
  return createStore<FieldErrors>({});
}

/** The field errors the Fields below read and clear: the page's unless a form provides its own. */
export const FormErrorsContext = createContext<FormErrorsStore>(formErrorsStore);

export function useFormErrorsStore(): FormErrorsStore {
  return useContext(FormErrorsContext);
}

export function setFormErrors(errors: FieldErrors | null | undefined, store: FormErrorsStore = formErrorsStore): void {
  store.set(errors && typeof errors === "object" ? { ...errors } : {});
}

export function clearFormErrors(store: FormErrorsStore = formErrorsStore): void {
  if (Object.keys(store.get()).length) store.set({});
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
export function clearFieldError(name: string, store: FormErrorsStore = formErrorsStore): void {
  const errors = store.get();
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
  store.set(next);
}

function structuredCloneSafe<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

export function useFieldError(name: string): string {
  const store = useFormErrorsStore();
  return useSyncExternalStore(
    store.subscribe,
    () => fieldErrorMessage(store.get(), name),
    () => "",
  );
}
