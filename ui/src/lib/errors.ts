import { ClientResponseError } from "pocketbase";
import { client } from "./client";
import { addErrorToast } from "./toasts";
import { setFormErrors, type FormErrorsStore } from "./formErrors";
import { navigate } from "./router";
import { logout } from "./session";

export const DEFAULT_ERROR_MESSAGE = "Something went wrong while processing your request.";

export interface NormalizedError {
  url: string;
  status: number;
  response: Record<string, unknown>;
  isAbort: boolean;
  message: string;
}

/** Any thrown value as {url, status, response, abort flag, message}. */
export function normalizeError(err: unknown): NormalizedError {
  const e = err instanceof ClientResponseError ? err : new ClientResponseError(err);
  const response = (e.response && typeof e.response === "object" ? e.response : {}) as Record<string, unknown>;
  const fromResponse = typeof response.message === "string" ? response.message : "";
  // A plain Error keeps its own message (the SDK wrapper would replace it with the default).
  const original = err instanceof ClientResponseError ? null : err;
  const ownMessage = original instanceof Error && original.message ? original.message : "";
  const fromError = ownMessage || (e.message && e.message !== DEFAULT_ERROR_MESSAGE ? e.message : "");
  return {
    url: e.url || "",
    status: e.status || 0,
    response,
    isAbort: !!e.isAbort,
    message: fromResponse || fromError || DEFAULT_ERROR_MESSAGE,
  };
}

export interface HandleErrorOptions {
  /** Show the error toast (default true). */
  notify?: boolean;
  /** Where the response's field errors go (default: the page's). */
  fieldErrors?: FormErrorsStore;
}

/**
 * The shared handler: aborts are ignored; 401 cancels pending requests and logs out;
 * 403 cancels pending requests and goes to the root; anything else shows an error toast
 * and stores the response data as field errors.
 */
export function handleError(err: unknown, opts: HandleErrorOptions = {}): void {
  if (!err) return;
  const e = normalizeError(err);
  if (e.isAbort) return;
  if (e.status === 401) {
    client.cancelAllRequests();
    logout();
    return;
  }
  if (e.status === 403) {
    client.cancelAllRequests();
    navigate("/", { replace: true });
    return;
  }
  if (opts.notify !== false) addErrorToast(e.message);
  const data = e.response.data;
  if (data && typeof data === "object" && Object.keys(data).length > 0) setFormErrors(data as Record<string, unknown>, opts.fieldErrors);
}

export function isAbortError(err: unknown): boolean {
  return err instanceof ClientResponseError ? err.isAbort : err instanceof DOMException && err.name === "AbortError";
}
