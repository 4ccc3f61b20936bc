import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { resetOverlayStack } from "../../components/overlayStack";
import { newRecordRequest } from "../records/panelStore";
import { themeStore } from "../../lib/theme";
import { storageKeys } from "../../lib/storageKeys";
import { renderWithQuery, stubLayoutForCmdk } from "../../test/renderWithQuery";
import CommandPalette from "./CommandPalette";

const collections = [
  { id: "pbc_posts000001", name: "posts", type: "base", system: false, schema: [], options: {} },
  { id: "pbc_users000001", name: "users", type: "auth", system: false, schema: [], options: {} },
];
const RECORD_ID = "abcdefghij12345";

function json(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
}

/** The API as the palette sees it: the collections, and one record (in users) with RECORD_ID. */
function serve() {
  const lookups: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const u = new URL(url);
      if (u.pathname === "/api/collections") return json({ page: 1, perPage: 200, totalItems: 2, totalPages: 1, items: collections });
      const m = /^\/api\/collections\/([^/]+)\/records$/.exec(u.pathname);
      if (m) {
        lookups.push(`${m[1]} ${u.searchParams.get("filter")}`);
        const hit = m[1] === "pbc_users000001" && u.searchParams.get("filter") === `id="${RECORD_ID}"`;
        return json({ page: 1, perPage: 1, totalItems: -1, totalPages: -1, items: hit ? [{ id: RECORD_ID }] : [] });
      }
      return new Response("{}", { status: 404 });
    }),
  );
  return lookups;
}

function Host() {
  const [open, setOpen] = useState(true);
  return <CommandPalette open={open} onClose={() => setOpen(false)} />;
}

function renderPalette() {
  renderWithQuery(<Host />);
}

describe("command palette", () => {
  beforeEach(() => {
    stubLayoutForCmdk();
    window.location.hash = "#/collections?collectionId=pbc_posts000001";
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    resetOverlayStack();
  });

  it("opens the mail settings page for 'mail settings' and Enter", async () => {
    serve();
    renderPalette();
    const user = userEvent.setup();
    const box = await screen.findByRole("combobox");
    await waitFor(() => expect(box).toHaveFocus());
    await user.type(box, "mail settings");
    await user.keyboard("{Enter}");
    await waitFor(() => expect(window.location.hash).toBe("#/settings/mail"));
  });

  it("opens a collection's records from its name", async () => {
    serve();
    renderPalette();
    const user = userEvent.setup();
    await screen.findByRole("option", { name: "users" });
    await user.type(screen.getByRole("combobox"), "users");
    await user.keyboard("{Enter}");
    await waitFor(() => expect(window.location.hash).toBe("#/collections?collectionId=pbc_users000001"));
  });

  it("finds a pasted record id in whichever collection holds it and opens it there", async () => {
    const lookups = serve();
    renderPalette();
    const user = userEvent.setup();
    await screen.findByRole("option", { name: "users" });
    await user.click(screen.getByRole("combobox"));
    await user.paste(RECORD_ID);
    const hit = await screen.findByRole("option", { name: `Open record ${RECORD_ID} in users` });
    expect(lookups.sort()).toEqual([`pbc_posts000001 id="${RECORD_ID}"`, `pbc_users000001 id="${RECORD_ID}"`]);
    // the hit is the selected entry: Enter opens it
    await waitFor(() => expect(hit).toHaveAttribute("aria-selected", "true"));
    await user.keyboard("{Enter}");
    await waitFor(() => expect(window.location.hash).toBe(`#/collections?collectionId=pbc_users000001&recordId=${RECORD_ID}`));
  });

  it("asks for a new record in the collection on screen, and toggles the theme", async () => {
    serve();
    newRecordRequest.set(false);
    renderPalette();
    const user = userEvent.setup();
    await user.type(await screen.findByRole("combobox"), "new record");
    expect(await screen.findByRole("option", { name: "New record in posts" })).toBeInTheDocument();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(newRecordRequest.get()).toBe(true));

    cleanupAndRerender();
    const before = themeStore.get();
    await user.type(await screen.findByRole("combobox"), "dark");
    await user.keyboard("{Enter}");
    await waitFor(() => expect(themeStore.get()).not.toBe(before));
  });

  it("lists the recently visited places, not the one on screen", async () => {
    serve();
    window.localStorage.setItem(storageKeys.recentPlaces, JSON.stringify(["/collections?collectionId=pbc_posts000001", "/settings/mail", "/collections?collectionId=gone", "/logs"]));
    renderPalette();
    const recent = await screen.findByRole("group", { name: "Recent" });
    await waitFor(() => expect(Array.from(recent.querySelectorAll("[cmdk-item]")).map((e) => e.textContent)).toEqual(["Mail settings", "Logs"]));
  });

  it("closes on Escape from the search box", async () => {
    serve();
    renderPalette();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("combobox"));
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});

function cleanupAndRerender() {
  act(() => resetOverlayStack());
  document.body.innerHTML = "";
  renderPalette();
}
