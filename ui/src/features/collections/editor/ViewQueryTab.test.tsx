import { afterEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { client } from "../../../lib/client";
import { resetOverlayStack } from "../../../components/overlayStack";
import { testCollection } from "../../../test/collections";
import CollectionEditorPanel from "./CollectionEditorPanel";
import { POSTGRES_VIEW_HINT, VIEW_QUERY_HINTS } from "./ViewQueryTab";

function renderViewEditor() {
  const view = { ...testCollection("totals", "view", []), options: { query: "SELECT id FROM posts" } };
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <CollectionEditorPanel open collection={view} collections={[view]} onClose={() => {}} onSaved={() => {}} />
    </QueryClientProvider>,
  );
  return screen.findByRole("dialog", { name: "Edit collection" });
}

describe("view query tab: the engine's SQL", () => {
  afterEach(() => {
    resetOverlayStack();
    vi.restoreAllMocks();
  });

  it("says the query is PostgreSQL SQL and highlights it so when the server runs on PostgreSQL", async () => {
    vi.spyOn(client.health, "check").mockResolvedValue({ code: 200, message: "API is healthy.", data: { canBackup: true, database: "postgres" } });
    const dialog = await renderViewEditor();
    expect(await within(dialog).findByText(POSTGRES_VIEW_HINT)).toBeInTheDocument();
    await waitFor(() => expect(dialog.querySelector("[data-sql-dialect]")?.getAttribute("data-sql-dialect")).toBe("postgres"));
  });

  it("keeps SQLite's hints and dialect on SQLite (and on PocketBase, whose health has no database)", async () => {
    const check = vi.spyOn(client.health, "check").mockResolvedValue({ code: 200, message: "API is healthy.", data: { canBackup: true } });
    const dialog = await renderViewEditor();
    await waitFor(() => expect(check).toHaveBeenCalled());
    expect(await within(dialog).findByText(VIEW_QUERY_HINTS[0])).toBeInTheDocument();
    expect(within(dialog).queryByText(POSTGRES_VIEW_HINT)).toBeNull();
    expect(dialog.querySelector("[data-sql-dialect]")?.getAttribute("data-sql-dialect")).toBe("sqlite");
  });
});
