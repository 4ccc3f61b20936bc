import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { resetOverlayStack } from "../../../components/overlayStack";
import type { Collection } from "../../../data/collections/types";
import { idsFilter, PICKER_BATCH } from "../../../data/records/recordsByIds";
import type { RecordData } from "../recordModel";
import { RecordPickerDialog } from "./RecordPickerDialog";

const tags = { id: "pbc_tags0000001", name: "tags", type: "base", system: false, schema: [{ id: "f_name", name: "name", type: "text", system: false, required: false, presentable: true, options: {} }], options: {} } as unknown as Collection;

function json(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
}

const id = (i: number) => `tag${String(i).padStart(12, "0")}`;

function renderPicker(selected: RecordData[], onSubmit = vi.fn()) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <RecordPickerDialog open collection={tags} collections={[tags]} selected={selected} onClose={() => {}} onSubmit={onSubmit} />
    </QueryClientProvider>,
  );
  return onSubmit;
}

describe("record picker selected list", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    resetOverlayStack();
  });

  it("loads the selected ids it was handed without data, in batches of 50, and shows their labels", async () => {
    const byIdsCalls: URLSearchParams[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        const q = new URL(url).searchParams;
        const filter = q.get("filter") ?? "";
        if (!filter.startsWith('id="')) return json({ page: 1, perPage: 50, items: [] });
        const page = Number(q.get("page"));
        const perPage = Number(q.get("perPage"));
        if (page > 1) return json({ page, perPage, items: [] });
        byIdsCalls.push(q);
        const ids = [...filter.matchAll(/id="([^"]+)"/g)].map((m) => m[1]);
        return json({ page, perPage, items: ids.map((x) => ({ id: x, collectionId: tags.id, name: `name of ${x}` })) });
      }),
    );
    // 60 ids the relation field had not loaded yet, and one it had
    const unloaded = Array.from({ length: 60 }, (_, i) => ({ id: id(i) }));
    const known = { id: id(99), collectionId: tags.id, name: "known tag" };
    const onSubmit = renderPicker([...unloaded, known]);

    const list = await screen.findByRole("list", { name: "Selected records" });
    await waitFor(() => expect(within(list).getByText(`name of ${id(59)}`)).toBeInTheDocument());
    expect(within(list).getByText(`name of ${id(0)}`)).toBeInTheDocument();
    expect(within(list).getByText("known tag")).toBeInTheDocument();

    expect(byIdsCalls.map((q) => q.get("filter"))).toEqual([idsFilter(unloaded.slice(0, PICKER_BATCH).map((r) => r.id)), idsFilter(unloaded.slice(PICKER_BATCH).map((r) => r.id))]);
    expect(byIdsCalls.every((q) => q.get("fields") === "*:excerpt(200)" && q.get("perPage") === String(PICKER_BATCH))).toBe(true);
    expect(PICKER_BATCH).toBe(50);

    fireEvent.click(screen.getByRole("button", { name: "Set selection" }));
    const submitted = onSubmit.mock.calls[0][0] as RecordData[];
    expect(submitted.map((r) => r.id)).toEqual([...unloaded.map((r) => r.id), known.id]);
    expect(submitted[0].name).toBe(`name of ${id(0)}`);
  });

  it("requests nothing by id when every selected record came with its data", async () => {
    const fetchMock = vi.fn(async () => json({ page: 1, perPage: 50, items: [] }));
    vi.stubGlobal("fetch", fetchMock);
    renderPicker([{ id: id(1), collectionId: tags.id, name: "first" }]);
    expect(await screen.findByText("first")).toBeInTheDocument();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(fetchMock.mock.calls.every((c) => !(new URL(String((c as unknown[])[0])).searchParams.get("filter") ?? "").startsWith("id="))).toBe(true);
  });

  it("is used from the keyboard: one option in the tab order, arrows move, Space selects", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => json({ page: 1, perPage: 50, items: [0, 1, 2].map((i) => ({ id: id(i), collectionId: tags.id, name: `tag ${i}` })) })));
    const onSubmit = renderPicker([]);
    const options = await screen.findAllByRole("option");
    expect(options.map((o) => o.tabIndex)).toEqual([0, -1, -1]);
    options[0].focus();
    fireEvent.keyDown(options[0], { key: "ArrowDown" });
    expect(options[1]).toHaveFocus();
    fireEvent.keyDown(options[1], { key: "End" });
    expect(options[2]).toHaveFocus();
    fireEvent.keyDown(options[2], { key: " " });
    expect(options[2]).toHaveAttribute("aria-selected", "true");
    // the option last moved to is the one Tab comes back to
    expect(options.map((o) => o.tabIndex)).toEqual([-1, -1, 0]);
    fireEvent.click(screen.getByRole("button", { name: "Set selection" }));
    expect((onSubmit.mock.calls[0][0] as RecordData[]).map((r) => r.id)).toEqual([id(2)]);
  });
});
