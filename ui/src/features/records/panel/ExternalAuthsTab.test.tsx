import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Confirm } from "../../../components/Confirm";
import { resetOverlayStack } from "../../../components/overlayStack";
import type { Collection } from "../../../data/collections/types";
import { clearToasts, toastsStore } from "../../../lib/toasts";
import { confirmUnlink, ExternalAuthsTab, NO_PROVIDERS, PROVIDERS_FAILED, unlinkedMessage } from "./ExternalAuthsTab";

const users = { id: "_pb_users_auth_", name: "users", type: "auth", system: false, schema: [], options: {} } as unknown as Collection;

function json(status: number, body: unknown) {
  return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

describe("authorized providers tab", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearToasts();
    resetOverlayStack();
  });

  it("confirms and reports the unlink with the provider's title, unlinking by its name", async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => (init?.method === "DELETE" ? json(204, null) : json(200, [{ id: "ea1", provider: "github", providerId: "42" }])));
    vi.stubGlobal("fetch", fetchMock);
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    render(
      <QueryClientProvider client={qc}>
        <ExternalAuthsTab collection={users} recordId="u1" />
        <Confirm />
      </QueryClientProvider>,
    );
    expect(await screen.findByText("GitHub")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Unlink" }));
    expect(screen.getByRole("alertdialog")).toHaveTextContent(confirmUnlink("GitHub"));
    expect(confirmUnlink("GitHub")).toBe("Do you really want to unlink the GitHub provider?");
    fireEvent.click(screen.getByRole("button", { name: "Yes" }));
    await waitFor(() => expect(toastsStore.get().map((t) => t.message)).toEqual([unlinkedMessage("GitHub")]));
    expect(unlinkedMessage("GitHub")).toBe("Successfully unlinked the GitHub provider.");
    const del = fetchMock.mock.calls.find((c) => c[1]?.method === "DELETE")!;
    expect(new URL(String(del[0])).pathname).toBe("/api/collections/_pb_users_auth_/records/u1/external-auths/github");
  });

  it("says the links failed to load, with the error's toast, instead of saying there are none", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => json(500, { code: 500, message: "Something went wrong while processing your request.", data: {} })));
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={qc}>
        <ExternalAuthsTab collection={users} recordId="u1" />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(PROVIDERS_FAILED)).toBeInTheDocument();
    expect(screen.queryByText(NO_PROVIDERS)).toBeNull();
    await waitFor(() => expect(toastsStore.get().map((t) => t.message)).toEqual(["Something went wrong while processing your request."]));
  });
});
