import { beforeEach, describe, expect, it, vi } from "vitest";
import { ClientResponseError } from "pocketbase";
import { client } from "./client";
import { DEFAULT_ERROR_MESSAGE, handleError, normalizeError } from "./errors";
import { clearToasts, toastsStore } from "./toasts";
import { clearFormErrors, fieldErrorMessage, formErrorsStore } from "./formErrors";

function apiError(status: number, response: Record<string, unknown>) {
  return new ClientResponseError({ url: "http://x/api", status, response });
}

describe("normalizeError", () => {
  it("takes the response message first", () => {
    const e = normalizeError(apiError(400, { message: "Failed to authenticate.", data: {} }));
    expect(e).toMatchObject({ url: "http://x/api", status: 400, isAbort: false, message: "Failed to authenticate." });
  });

  it("falls back to the error message, then the default", () => {
    expect(normalizeError(new Error("network down")).message).toBe("network down");
    expect(normalizeError(apiError(500, {})).message).toBe(DEFAULT_ERROR_MESSAGE);
    expect(DEFAULT_ERROR_MESSAGE).toBe("Something went wrong while processing your request.");
  });

  it("flags aborts with the autocancel message", () => {
    const e = normalizeError(new ClientResponseError(new DOMException("aborted", "AbortError")));
    expect(e.isAbort).toBe(true);
    expect(e.message).toMatch(/^The request was autocancelled/);
  });
});

describe("handleError", () => {
  beforeEach(() => {
    clearToasts();
    clearFormErrors();
    window.location.hash = "#/logs";
  });

  it("ignores aborted requests", () => {
    handleError(new ClientResponseError(new DOMException("aborted", "AbortError")));
    expect(toastsStore.get()).toHaveLength(0);
  });

  it("toasts the message and stores field errors", () => {
    handleError(apiError(400, { message: "Invalid.", data: { email: { code: "x", message: "Bad email." } } }));
    expect(toastsStore.get()).toMatchObject([{ type: "error", message: "Invalid." }]);
    expect(fieldErrorMessage(formErrorsStore.get(), "email")).toBe("Bad email.");
  });

  it("can skip the toast", () => {
    handleError(apiError(400, { message: "Invalid." }), { notify: false });
    expect(toastsStore.get()).toHaveLength(0);
  });

  it("on 401 cancels pending requests and logs out", () => {
    const cancel = vi.spyOn(client, "cancelAllRequests");
    client.authStore.save("tok", { id: "a" });
    handleError(apiError(401, { message: "Unauthorized." }));
    expect(cancel).toHaveBeenCalled();
    expect(client.authStore.token).toBe("");
    expect(window.location.hash).toBe("#/");
    expect(toastsStore.get()).toHaveLength(0);
  });

  it("on 403 cancels pending requests and goes to the root without logging out", () => {
    const cancel = vi.spyOn(client, "cancelAllRequests");
    client.authStore.save("tok", { id: "a" });
    handleError(apiError(403, { message: "Forbidden." }));
    expect(cancel).toHaveBeenCalled();
    expect(client.authStore.token).toBe("tok");
    expect(window.location.hash).toBe("#/");
    client.authStore.clear();
  });
});
