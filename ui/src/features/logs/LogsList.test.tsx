import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { LogsList, NO_LOGS_FOUND } from "./LogsList";
import { clearToasts, toastsStore } from "../../lib/toasts";

function logs(n: number, start = 0) {
  return Array.from({ length: n }, (_, i) => ({ id: `id${start + i}`, created: "2024-01-01 00:00:00.000Z", level: 0, message: `GET /x/${start + i}`, data: { type: "request" } }));
}

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function renderList(props: { filter?: string; userFilter?: string; onClearFilter?: () => void } = {}) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <LogsList filter={props.filter ?? ""} userFilter={props.userFilter ?? ""} onClearFilter={props.onClearFilter ?? (() => {})} />
    </QueryClientProvider>,
  );
}

describe("logs list", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearToasts();
  });

  it("renders rows in batches and offers Load more after a full page of 50", async () => {
    const fetchMock = vi.fn(async (url: string) => {
      const page = Number(new URL(url).searchParams.get("page"));
      return json(200, { page, perPage: 50, items: page === 1 ? logs(50) : logs(3, 50) });
    });
    vi.stubGlobal("fetch", fetchMock);
    renderList();
    await screen.findByText("GET /x/0");
    await waitFor(() => expect(document.querySelectorAll(".logs-row")).toHaveLength(50));
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(document.querySelectorAll(".logs-row")).toHaveLength(53));
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("select-all toggles every loaded row; Reset clears the selection", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => json(200, { page: 1, items: logs(3) })));
    renderList();
    await screen.findByText("GET /x/2");
    fireEvent.click(screen.getByRole("checkbox", { name: "Select all loaded logs" }));
    expect(screen.getByRole("region", { name: "Selected logs actions" })).toHaveTextContent("Selected 3 logs");
    fireEvent.click(screen.getByRole("checkbox", { name: "Select all loaded logs" }));
    expect(screen.queryByRole("region", { name: "Selected logs actions" })).toBeNull();
    fireEvent.click(screen.getByRole("checkbox", { name: "Select log id1" }));
    expect(screen.getByRole("region", { name: "Selected logs actions" })).toHaveTextContent("Selected 1 log");
    fireEvent.click(screen.getByRole("button", { name: "Reset" }));
    expect(screen.queryByRole("region", { name: "Selected logs actions" })).toBeNull();
  });

  it("shows the empty state with Clear filters when a filter is set", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => json(200, { page: 1, items: [] })));
    const onClear = vi.fn();
    renderList({ filter: "x", userFilter: "x", onClearFilter: onClear });
    expect(await screen.findByText(NO_LOGS_FOUND)).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(onClear).toHaveBeenCalled();
  });

  it("stays silent on a 400 while a filter is set, toasts otherwise", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => json(400, { code: 400, message: "Invalid filter.", data: {} })));
    renderList({ filter: "bad", userFilter: "bad" });
    expect(await screen.findByText(NO_LOGS_FOUND)).toBeInTheDocument();
    expect(toastsStore.get()).toHaveLength(0);
    renderList({ filter: "", userFilter: "" });
    await waitFor(() => expect(toastsStore.get().map((t) => t.message)).toEqual(["Invalid filter."]));
  });
});
