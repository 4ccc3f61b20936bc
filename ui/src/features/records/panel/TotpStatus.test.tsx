import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { Confirm } from "../../../components/Confirm";
import { testCollection } from "../../../test/collections";
import { renderWithQuery } from "../../../test/renderWithQuery";
import { CONFIRM_REMOVE_TOTP, NO_TOTP, TOTP_UNKNOWN, TotpStatus } from "./TotpStatus";
import { toastsStore } from "../../../lib/toasts";

const users = testCollection("users", "auth", []);
const withTotpField = testCollection("agents", "auth", [{ id: "f1", name: "totp", type: "text", system: false, required: false, presentable: false, unique: false, options: {} }]);

/** A server answering the factors probe (`cairn`: 400, else 404) and the TOTP removal. */
function server(cairn: boolean) {
  const calls: { url: string; method: string }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url: String(url), method: init?.method ?? "GET" });
      if (String(url).endsWith("/api/admins/auth-with-totp")) return new Response(JSON.stringify({ code: cairn ? 400 : 404, message: "", data: {} }), { status: cairn ? 400 : 404 });
      if (init?.method === "DELETE") return new Response(null, { status: 204 });
      return new Response("{}", { status: 404 });
    }),
  );
  return calls;
}

describe("record panel: authenticator app", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows nothing on a server without TOTP", async () => {
    const calls = server(false);
    renderWithQuery(<TotpStatus collection={users} record={{ id: "r1", totp: true }} onRemoved={() => {}} />);
    await waitFor(() => expect(calls.length).toBe(1));
    expect(screen.queryByTestId("record-totp")).toBeNull();
  });

  it("says when a record has none (no totp flag in the answer), without a Remove button", async () => {
    server(true);
    renderWithQuery(<TotpStatus collection={users} record={{ id: "r1", email: "a@example.com" }} onRemoved={() => {}} />);
    expect(await screen.findByText("Not set up")).toBeInTheDocument();
    expect(screen.queryByText(TOTP_UNKNOWN)).toBeNull();
    expect(screen.queryByRole("button", { name: /Remove/ })).toBeNull();
  });

  it("shows Enabled for a record the server flags with totp: true", async () => {
    server(true);
    renderWithQuery(<TotpStatus collection={users} record={{ id: "r1", totp: true }} onRemoved={() => {}} />);
    expect(await screen.findByText("Enabled")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Remove the authenticator app" })).toBeInTheDocument();
  });

  it("removes it after the confirm, then reloads the record", async () => {
    const calls = server(true);
    const onRemoved = vi.fn();
    renderWithQuery(
      <>
        <TotpStatus collection={users} record={{ id: "r1", totp: true }} onRemoved={onRemoved} />
        <Confirm />
      </>,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Remove the authenticator app" }));
    expect(screen.getByRole("alertdialog")).toHaveTextContent(CONFIRM_REMOVE_TOTP);
    // declining removes nothing
    fireEvent.click(screen.getByRole("button", { name: "No" }));
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Remove the authenticator app" }));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Yes" })));
    await waitFor(() => expect(onRemoved).toHaveBeenCalledOnce());
    expect(calls.filter((c) => c.method === "DELETE").map((c) => new URL(c.url).pathname)).toEqual(["/api/collections/users_id/records/r1/totp"]);
  });

  it("offers Remove when a schema field named totp hides the flag, and tells when there was none", async () => {
    const calls = server(true);
    const onRemoved = vi.fn();
    // this server answers 404: the record had no authenticator app
    const fetchMock = globalThis.fetch as unknown as ReturnType<typeof vi.fn>;
    const answer = fetchMock.getMockImplementation() as (url: string, init?: RequestInit) => Promise<Response>;
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => (init?.method === "DELETE" ? (calls.push({ url, method: "DELETE" }), new Response(JSON.stringify({ code: 404, message: "", data: {} }), { status: 404 })) : answer(url, init)));
    renderWithQuery(
      <>
        <TotpStatus collection={withTotpField} record={{ id: "r1", totp: "a value of the field" }} onRemoved={onRemoved} />
        <Confirm />
      </>,
    );
    expect(await screen.findByText(TOTP_UNKNOWN)).toBeInTheDocument();
    expect(screen.queryByText("Enabled")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Remove the authenticator app" }));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Yes" })));
    await waitFor(() => expect(toastsStore.get().some((t) => t.message === NO_TOTP)).toBe(true));
    expect(onRemoved).not.toHaveBeenCalled();
  });
});
