import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { resetOverlayStack } from "../../components/overlayStack";
import { storageKeys } from "../../lib/storageKeys";
import { renderWithQuery, stubLayoutForCmdk } from "../../test/renderWithQuery";
import PaletteHost from "./PaletteHost";

const renderHost = () => renderWithQuery(<PaletteHost />);

describe("palette host", () => {
  beforeEach(() => {
    stubLayoutForCmdk();
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ page: 1, perPage: 200, totalItems: 0, totalPages: 0, items: [] }), { headers: { "content-type": "application/json" } })));
    window.location.hash = "#/logs";
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    resetOverlayStack();
  });

  it("opens the palette on Ctrl+K, also from inside an input, and closes it on a second Ctrl+K", async () => {
    renderHost();
    const input = document.body.appendChild(document.createElement("input"));
    fireEvent.keyDown(input, { key: "k", ctrlKey: true });
    expect(await screen.findByRole("dialog", { name: "Command palette" })).toBeInTheDocument();
    fireEvent.keyDown(window, { key: "k", ctrlKey: true });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Command palette" })).toBeNull());
  });

  it("lists the registered shortcuts on ?, the palette's own included", async () => {
    renderHost();
    fireEvent.keyDown(document.body, { key: "?" });
    const dialog = await screen.findByRole("dialog", { name: "Keyboard shortcuts" });
    expect(dialog).toHaveTextContent("Ctrl+KOpen the command palette");
    expect(dialog).toHaveTextContent("?Show the keyboard shortcuts");
    expect(dialog).toHaveTextContent("EscClose the panel");
  });

  it("remembers the places visited, newest first", async () => {
    renderHost();
    window.location.hash = "#/settings/mail";
    window.dispatchEvent(new HashChangeEvent("hashchange"));
    await waitFor(() => expect(JSON.parse(window.localStorage.getItem(storageKeys.recentPlaces) ?? "[]")).toEqual(["/settings/mail", "/logs"]));
  });
});
