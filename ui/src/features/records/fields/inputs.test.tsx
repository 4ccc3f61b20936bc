import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { Collection, SchemaField } from "../../../data/collections/types";
import { SelectInput, selectHint } from "./SelectInput";
import { JsonInput, INVALID_JSON, VALID_JSON } from "./JsonInput";
import { droppedIdsMessage, RelationInput } from "./RelationInput";
import { FileInput } from "./FileInput";
import { storageKeys, writeStorage } from "../../../lib/storageKeys";

function f(name: string, type: string, options: Record<string, unknown> = {}): SchemaField {
  return { id: name, name, type, system: false, required: false, presentable: false, options };
}
const c = { id: "c", name: "posts", type: "base", schema: [], options: {} } as unknown as Collection;
const base = { collection: c, collections: [c], record: { id: "r1", collectionId: "c", collectionName: "posts" } };

describe("select input", () => {
  it("is searchable above 5 values and hints the limit when multiple", () => {
    const onChange = vi.fn();
    render(<SelectInput {...base} field={f("tags", "select", { maxSelect: 2, values: ["a", "b", "c", "d", "e", "f"] })} value={["a", "b"]} onChange={onChange} />);
    expect(screen.getByText(selectHint(2))).toBeInTheDocument();
    expect(selectHint(2)).toBe("Select up to 2 items.");
    fireEvent.change(screen.getByRole("searchbox", { name: "Search tags options" }), { target: { value: "f" } });
    expect(screen.queryByRole("checkbox", { name: "a" })).toBeNull();
    fireEvent.click(screen.getByRole("checkbox", { name: "f" }));
    // over the limit: the oldest choice goes
    expect(onChange).toHaveBeenCalledWith(["b", "f"]);
  });

  it("is a plain single choice up to 5 values", () => {
    const onChange = vi.fn();
    render(<SelectInput {...base} field={f("status", "select", { maxSelect: 1, values: ["x", "y"] })} value="" onChange={onChange} />);
    expect(screen.queryByRole("searchbox")).toBeNull();
    fireEvent.click(screen.getByRole("radio", { name: "y" }));
    expect(onChange).toHaveBeenCalledWith("y");
  });
});

describe("json input", () => {
  it("marks valid, empty and invalid text", () => {
    const { rerender } = render(<JsonInput {...base} field={f("meta", "json")} value='{"a":1}' onChange={() => {}} />);
    expect(screen.getByRole("status")).toHaveTextContent(VALID_JSON);
    rerender(<JsonInput {...base} field={f("meta", "json")} value="" onChange={() => {}} />);
    expect(screen.getByRole("status")).toHaveTextContent(VALID_JSON);
    rerender(<JsonInput {...base} field={f("meta", "json")} value="{oops" onChange={() => {}} />);
    expect(screen.getByRole("status")).toHaveTextContent(INVALID_JSON);
  });

  it("lets Tab move the focus on, as PocketBase's field does, without touching the value", async () => {
    const onChange = vi.fn();
    render(
      <>
        <JsonInput {...base} field={f("meta", "json")} value='{"a":1}' onChange={onChange} />
        <button type="button">next</button>
      </>,
    );
    const content = await screen.findByRole("textbox", { name: "meta" });
    content.focus();
    await userEvent.setup().tab();
    expect(screen.getByRole("button", { name: "next" })).toHaveFocus();
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe("file input", () => {
  it("marks a stored file deleted and restores it; upload is disabled at the limit", () => {
    const onDeletions = vi.fn();
    const { rerender } = render(<FileInput {...base} field={f("cover", "file", { maxSelect: 1 })} value="a.png" onChange={() => {}} uploads={[]} deletions={[]} onUploads={() => {}} onDeletions={onDeletions} />);
    expect(screen.getByRole("button", { name: "Upload new file to cover" })).toBeDisabled();
    fireEvent.click(screen.getByRole("button", { name: "Remove a.png" }));
    expect(onDeletions).toHaveBeenCalledWith(["a.png"]);
    rerender(<FileInput {...base} field={f("cover", "file", { maxSelect: 1 })} value="a.png" onChange={() => {}} uploads={[]} deletions={["a.png"]} onUploads={() => {}} onDeletions={onDeletions} />);
    expect(screen.getByRole("button", { name: "Upload new file to cover" })).toBeEnabled();
    fireEvent.click(screen.getByRole("button", { name: "Restore" }));
    expect(onDeletions).toHaveBeenLastCalledWith([]);
  });
});

describe("protected files", () => {
  const field = f("secret", "file", { maxSelect: 1, protected: true });
  const token = (expSeconds: number) => ["e30", btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + expSeconds })), "sig"].join(".");

  it("show their thumb only with the admin file token (a URL without it is refused)", async () => {
    // no server here: the token request fails, which is only logged
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    writeStorage(storageKeys.adminFileToken, null);
    const { container, unmount } = render(<FileInput {...base} field={field} value="a.png" onChange={() => {}} uploads={[]} deletions={[]} onUploads={() => {}} onDeletions={() => {}} />);
    expect(container.querySelector("img")).toBeNull();
    expect(screen.getByText("a.png").closest("a")).not.toHaveAttribute("href");
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(container.querySelector("img")).toBeNull();
    unmount();
  });

  it("use a cached token at once", () => {
    const cached = token(3600);
    writeStorage(storageKeys.adminFileToken, cached);
    const { container } = render(<FileInput {...base} field={field} value="a.png" onChange={() => {}} uploads={[]} deletions={[]} onUploads={() => {}} onDeletions={() => {}} />);
    expect(container.querySelector("img")?.getAttribute("src")).toContain(`token=${cached}`);
    expect(screen.getByText("a.png").closest("a")?.getAttribute("href")).toContain(`token=${cached}`);
    writeStorage(storageKeys.adminFileToken, null);
  });
});

describe("field buttons' accessible names", () => {
  it("names each upload button after its field; the hidden file input is no separate control", () => {
    const onUploads = vi.fn();
    render(
      <>
        <FileInput {...base} field={f("cover", "file", { maxSelect: 1 })} value="" onChange={() => {}} uploads={[]} deletions={[]} onUploads={onUploads} onDeletions={() => {}} />
        <FileInput {...base} field={f("docs", "file", { maxSelect: 3 })} value="" onChange={() => {}} uploads={[]} deletions={[]} onUploads={() => {}} onDeletions={() => {}} />
      </>,
    );
    expect(screen.getAllByRole("button").map((b) => b.getAttribute("aria-label"))).toEqual(["Upload new file to cover", "Upload new file to docs"]);
    const upload = screen.getByRole("button", { name: "Upload new file to cover" });
    expect(upload).toHaveTextContent("Upload new file");
    // the field label points at the visible button, not at the hidden input
    expect(screen.getByText("cover").closest("label")).toHaveAttribute("for", upload.id);
    const input = upload.parentElement!.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input).toHaveAttribute("aria-hidden", "true");
    expect(input).toHaveAttribute("tabindex", "-1");
    // click upload opens the file chooser; drop and the chooser both add files
    const click = vi.spyOn(input, "click");
    fireEvent.click(upload);
    expect(click).toHaveBeenCalledOnce();
    const png = new File(["x"], "a.png", { type: "image/png" });
    fireEvent.change(input, { target: { files: [png] } });
    expect(onUploads).toHaveBeenLastCalledWith([png]);
    fireEvent.drop(upload.parentElement!, { dataTransfer: { files: [png] } });
    expect(onUploads).toHaveBeenCalledTimes(2);
  });

  it("names each picker button after its relation field", () => {
    const qc = new QueryClient();
    render(
      <QueryClientProvider client={qc}>
        <RelationInput {...base} field={f("author", "relation", { collectionId: "c", maxSelect: 1 })} value="" onChange={() => {}} />
        <RelationInput {...base} field={f("tags", "relation", { collectionId: "c", maxSelect: null })} value={[]} onChange={() => {}} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole("button", { name: "Open picker for author" })).toHaveTextContent("Open picker");
    expect(screen.getByRole("button", { name: "Open picker for tags" })).toBeEnabled();
  });
});

describe("relation messages", () => {
  it("names the dropped ids", () => {
    expect(droppedIdsMessage(["a", "b"])).toBe("The following relation ids were removed from the list because they are missing or invalid: a, b");
  });
});
