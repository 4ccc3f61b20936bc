import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen } from "@testing-library/react";
import { Confirm } from "../../components/Confirm";
import { client } from "../../lib/client";
import { renderWithQuery } from "../../test/renderWithQuery";
import AccountPage, { TOTP_STATUS_OFF, TOTP_STATUS_ON } from "./AccountPage";
import { CONFIRM_TOTP_OFF, OFF_CODE_WRONG } from "./TotpOffForm";
import { groupSecret, otpauthLabel, recoveryCodesText } from "./recoveryCodes";
import { WRONG_CODE } from "./TotpSetupView";

describe("recovery codes and keys", () => {
  it("writes the .txt with a heading and a code a line", () => {
    expect(recoveryCodesText(["aaaa-bbbb", "cccc-dddd"], "me@x.io").split("\n")).toEqual([
      "Cairn recovery codes for me@x.io",
      "Each code signs you in once in place of an authenticator app code. Keep them somewhere safe.",
      "",
      "aaaa-bbbb",
      "cccc-dddd",
      "",
    ]);
  });

  it("groups the key by four and reads the otpauth label", () => {
    expect(groupSecret("JBSWY3DPEHPK3PXP")).toBe("JBSW Y3DP EHPK 3PXP");
    expect(otpauthLabel("otpauth://totp/Acme:me%40x.io?secret=JBSW&issuer=Acme")).toBe("Acme:me@x.io");
    expect(otpauthLabel("https://example.com")).toBe("");
  });
});

const adminToken = () => `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600, type: "admin", id: "a1" })).replace(/=+$/, "")}.s`;
const SETUP = { secret: "JBSWY3DPEHPK3PXP", uri: "otpauth://totp/Cairn:a%40b.co?secret=JBSWY3DPEHPK3PXP&issuer=Cairn", recoveryCodes: ["r1-aaaa", "r2-bbbb", "r3-cccc", "r4-dddd", "r5-eeee", "r6-ffff", "r7-gggg", "r8-hhhh"] };

/** A server holding one admin's TOTP state. */
function server(initial: boolean) {
  const state = { totp: initial };
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(String(url)).pathname;
      const method = init?.method ?? "GET";
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path, body });
      const json = (status: number, b: unknown) => new Response(JSON.stringify(b), { status, headers: { "content-type": "application/json" } });
      if (path === "/api/admins/a1" && method === "GET") return json(200, { id: "a1", email: "a@b.co", totp: state.totp });
      if (path === "/api/admins/a1/totp" && method === "POST") return json(200, SETUP);
      if (path === "/api/admins/a1/totp/confirm") {
        if ((body as { code: string }).code !== "123456") return json(400, { code: 400, message: "x", data: { code: { code: "validation_invalid_code", message: "Invalid or expired code." } } });
        state.totp = true;
        return new Response(null, { status: 204 });
      }
      if (path === "/api/admins/a1/totp" && method === "DELETE") {
        if ((body as { code?: string } | undefined)?.code !== "654321") return json(400, { code: 400, message: "x", data: { code: { code: "validation_invalid_code", message: "Invalid or expired code." } } });
        state.totp = false;
        return new Response(null, { status: 204 });
      }
      return json(404, {});
    }),
  );
  return calls;
}

describe("account page", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    client.authStore.clear();
  });

  it("sets up the authenticator app: QR drawn locally, recovery codes, confirm with a code", async () => {
    client.authStore.save(adminToken(), { id: "a1", email: "a@b.co" } as never);
    const calls = server(false);
    renderWithQuery(<AccountPage />);
    expect(await screen.findByText(TOTP_STATUS_OFF)).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Set up authenticator app" }));
    // the QR code is an image made in the browser (no request carries the secret elsewhere)
    const qr = await screen.findByRole("img", { name: "QR code for Cairn:a@b.co" }, { timeout: 5000 });
    expect(qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByRole("heading", { name: "Set up an authenticator app" })).toHaveFocus();
    expect(screen.getByTestId("totp-secret")).toHaveTextContent("JBSW Y3DP EHPK 3PXP");
    expect(screen.getByRole("list", { name: "Recovery codes" }).querySelectorAll("li")).toHaveLength(8);
    const field = screen.getByLabelText("Code from the app");
    expect(field).toHaveAttribute("autocomplete", "one-time-code");
    fireEvent.change(field, { target: { value: "000000" } });
    fireEvent.click(screen.getByRole("button", { name: "Turn on" }));
    expect(await screen.findByText(WRONG_CODE)).toBeInTheDocument();
    fireEvent.change(field, { target: { value: "123 456" } });
    fireEvent.click(screen.getByRole("button", { name: "Turn on" }));
    expect(await screen.findByText(TOTP_STATUS_ON)).toBeInTheDocument();
    expect(calls.filter((c) => c.path.endsWith("/confirm")).map((c) => c.body)).toEqual([{ code: "000000" }, { code: "123456" }]);
    expect(calls.some((c) => !c.path.startsWith("/api/"))).toBe(false);
  });

  it("turns it off with a current code, after the confirm", async () => {
    client.authStore.save(adminToken(), { id: "a1", email: "a@b.co" } as never);
    const calls = server(true);
    renderWithQuery(
      <>
        <AccountPage />
        <Confirm />
      </>,
    );
    expect(await screen.findByText(TOTP_STATUS_ON)).toBeInTheDocument();
    const field = screen.getByLabelText("Current code or a recovery code");
    fireEvent.click(screen.getByRole("button", { name: "Turn off" }));
    expect(screen.getByText("Cannot be blank.")).toBeInTheDocument();
    fireEvent.change(field, { target: { value: "111111" } });
    fireEvent.click(screen.getByRole("button", { name: "Turn off" }));
    expect(screen.getByRole("alertdialog")).toHaveTextContent(CONFIRM_TOTP_OFF);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Yes" })));
    expect(await screen.findByText(OFF_CODE_WRONG)).toBeInTheDocument();
    fireEvent.change(field, { target: { value: "654321" } });
    fireEvent.click(screen.getByRole("button", { name: "Turn off" }));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Yes" })));
    expect(await screen.findByText(TOTP_STATUS_OFF)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.body)).toEqual([{ code: "111111" }, { code: "654321" }]);
  });
});
