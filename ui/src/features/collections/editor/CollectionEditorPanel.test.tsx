import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { client } from "../../../lib/client";
import { Confirm } from "../../../components/Confirm";
import { resetOverlayStack } from "../../../components/overlayStack";
import type { Collection } from "../../../data/collections/types";
import CollectionEditorPanel from "./CollectionEditorPanel";

const posts: Collection = {
  id: "pbc_posts000001",
  created: "2024-01-01 00:00:00.000Z",
  updated: "2024-01-01 00:00:00.000Z",
  name: "posts",
  type: "base",
  system: false,
  schema: [
    { id: "f_title", name: "title", type: "text", system: false, required: false, presentable: false, options: { min: null, max: null, pattern: "" } },
    { id: "f_views", name: "views", type: "number", system: false, required: false, presentable: false, options: { min: null, max: null, noDecimal: false } },
  ],
  indexes: ["CREATE INDEX `idx_title` ON `posts` (`title`)"],
  listRule: null,
  viewRule: null,
  createRule: null,
  updateRule: null,
  deleteRule: null,
  options: {},
};

function renderEditor(collection: Collection | null, onSaved = vi.fn()) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <CollectionEditorPanel open collection={collection} collections={[posts]} onClose={() => {}} onSaved={onSaved} />
      <Confirm />
    </QueryClientProvider>,
  );
  return onSaved;
}

describe("collection editor payload", () => {
  afterEach(() => resetOverlayStack());

  it("words each field's required toggle as PocketBase does: Nonzero for numbers, Nonfalsey for bools", async () => {
    renderEditor({ ...posts, schema: [...posts.schema, { id: "f_done", name: "done", type: "bool", system: false, required: false, presentable: false, options: {} }] });
    const dialog = await screen.findByRole("dialog", { name: "Edit collection" });
    const labels = Array.from(dialog.querySelectorAll(".schema-field-required span")).map((e) => e.textContent);
    expect(labels).toEqual(["Nonempty", "Nonzero", "Nonfalsey"]);
  });

  it("creates a new collection with the slugged name and the added field", async () => {
    const create = vi.spyOn(client.collections, "create").mockImplementation(async (body) => ({ ...posts, ...(body as object), id: "new1" }) as never);
    const onSaved = renderEditor(null);
    const dialog = await screen.findByRole("dialog", { name: "New collection" });
    const name = dialog.querySelector<HTMLInputElement>('input[name="name"]')!;
    fireEvent.change(name, { target: { value: "my posts" } });
    expect(name.value).toBe("my_posts");
    await userEvent.click(within(dialog).getByRole("button", { name: "New field" }));
    await userEvent.click(screen.getByRole("menuitem", { name: "Bool" }));
    fireEvent.change(await within(dialog).findByRole("textbox", { name: /Field name/ }), { target: { value: "done" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Create" }));
    await waitFor(() => expect(create).toHaveBeenCalledOnce());
    expect(create.mock.calls[0][0]).toEqual({
      name: "my_posts",
      type: "base",
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      indexes: [],
      options: {},
      schema: [{ name: "done", type: "bool", system: false, required: false, presentable: false, options: {} }],
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: "new1" }), true));
  });

  it("confirms a field rename and a deletion, then PATCHes without the deleted field and with the rewritten index", async () => {
    const update = vi.spyOn(client.collections, "update").mockImplementation(async (_id, body) => ({ ...posts, ...(body as object) }) as never);
    renderEditor(posts);
    const dialog = await screen.findByRole("dialog", { name: "Edit collection" });
    const save = within(dialog).getByRole("button", { name: "Save changes" });
    expect(save).toBeDisabled();
    fireEvent.change(within(dialog).getByDisplayValue("title"), { target: { value: "headline" } });
    await userEvent.click(within(dialog).getByRole("button", { name: "More actions for views" }));
    await userEvent.click(screen.getByRole("menuitem", { name: "Remove" }));
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    const confirm = await screen.findByRole("dialog", { name: "Confirm collection changes" });
    expect(confirm).toHaveTextContent("Rename the field title to headline.");
    expect(confirm).toHaveTextContent("Delete the field views.");
    expect(confirm).toHaveTextContent("All data of the deleted fields will be permanently lost.");
    expect(update).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(within(confirm).getByRole("button", { name: "Confirm" })));
    await waitFor(() => expect(update).toHaveBeenCalledOnce());
    const [id, body] = update.mock.calls[0] as [string, Record<string, unknown>];
    expect(id).toBe("pbc_posts000001");
    expect(body.schema).toEqual([{ id: "f_title", name: "headline", type: "text", system: false, required: false, presentable: false, options: { min: null, max: null, pattern: "" } }]);
    expect(body.indexes).toEqual(["CREATE INDEX `idx_title` ON `posts` (`headline`)"]);
  });

  it("blocks saving with client-side errors and marks the tab", async () => {
    const create = vi.spyOn(client.collections, "create");
    renderEditor(null);
    const dialog = await screen.findByRole("dialog", { name: "New collection" });
    fireEvent.change(dialog.querySelector('input[name="name"]')!, { target: { value: "x" } });
    await userEvent.click(within(dialog).getByRole("button", { name: "New field" }));
    await userEvent.click(screen.getByRole("menuitem", { name: "Select" }));
    await within(dialog).findByRole("textbox", { name: /Field name/ });
    // Ctrl+S saves like the Create button
    fireEvent.keyDown(window, { key: "s", ctrlKey: true });
    expect(await within(dialog).findByText("Add at least one choice.")).toBeInTheDocument();
    expect(within(dialog).getByRole("tab", { name: /Fields/ })).toContainElement(within(dialog).getByRole("img", { name: "Has errors" }));
    expect(create).not.toHaveBeenCalled();
  });
});
