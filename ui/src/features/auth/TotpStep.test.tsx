import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { LoginPage, INVALID_CREDENTIALS } from "./LoginPage";
import { INVALID_CODE, INVALID_RECOVERY_CODE, MFA_EXPIRED, TOTP_STEP_TITLE } from "./TotpStep";
import { CODE_FORMAT } from "../../lib/totpCode";
import { client } from "../../lib/client";
import "../collections/prefetchLanding";
import "../shell/AppLayout";

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

const adminToken = () => `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600, type: "admin", id: "a1" })).replace(/=+$/, "")}.s`;
const MFA_ANSWER = { code: 401, message: "Enter a code from your authenticator app.", data: { mfaId: "mfa123456789012" } };

/** Signs in with a right password for an admin with TOTP; `second` answers the code step. */
async function toSecondStep(second: (body: { mfaId: string; code: string }) => Response, first: unknown = MFA_ANSWER) {
  const calls: { url: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ url: String(url), body });
    if (String(url).includes("/api/admins/auth-with-password")) return jsonResponse(401, first);
    if (String(url).includes("/api/admins/auth-with-totp")) return second(body);
    return jsonResponse(200, { page: 1, perPage: 200, totalItems: 0, totalPages: 0, items: [] });
  });
  vi.stubGlobal("fetch", fetchMock);
  window.location.hash = "#/login";
  const qc = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <LoginPage />
    </QueryClientProvider>,
  );
  fireEvent.change(screen.getByLabelText("Email"), { target: { value: "a@b.co" } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: "1234567890" } });
  fireEvent.click(screen.getByRole("button", { name: "Login" }));
  await screen.findByRole("heading", { name: TOTP_STEP_TITLE });
  return calls;
}

describe("sign-in second step (authenticator app)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    client.authStore.clear();
    window.location.hash = "";
  });

  it("asks for the code after a right password, with the focus on a one-time-code field", async () => {
    await toSecondStep(() => jsonResponse(400, {}));
    const field = screen.getByLabelText("Authentication code");
    expect(field).toHaveAttribute("autocomplete", "one-time-code");
    expect(field).toHaveAttribute("inputmode", "numeric");
    await waitFor(() => expect(field).toHaveFocus());
    // no 'invalid credentials' for a password that was right
    expect(screen.queryByText(INVALID_CREDENTIALS)).toBeNull();
  });

  it("reads the mfaId from the top level of the answer too (PocketBase v0.23's shape)", async () => {
    const calls = await toSecondStep(() => jsonResponse(400, {}), { mfaId: "topLevelMfaId12" });
    fireEvent.change(screen.getByLabelText("Authentication code"), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(calls.some((c) => c.url.includes("auth-with-totp"))).toBe(true));
    expect(calls.find((c) => c.url.includes("auth-with-totp"))!.body).toEqual({ mfaId: "topLevelMfaId12", code: "123456" });
  });

  it("checks the code's format before sending it", async () => {
    const calls = await toSecondStep(() => jsonResponse(400, {}));
    fireEvent.change(screen.getByLabelText("Authentication code"), { target: { value: "123" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(screen.getByText(CODE_FORMAT)).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes("auth-with-totp"))).toBe(false);
  });

  it("announces a wrong code, clears the field and keeps the focus on it", async () => {
    await toSecondStep(() => jsonResponse(400, { code: 400, message: "An error occurred while validating the submitted data.", data: { code: { code: "validation_invalid_code", message: "Invalid or expired code." } } }));
    const field = screen.getByLabelText("Authentication code");
    fireEvent.change(field, { target: { value: "000 000" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText(INVALID_CODE)).toBeInTheDocument();
    expect(screen.getByText(INVALID_CODE).closest("[role=alert]")).not.toBeNull();
    expect(field).toHaveValue("");
    expect(field).toHaveFocus();
  });

  it("says the sign-in expired when the server no longer knows the mfaId", async () => {
    await toSecondStep(() => jsonResponse(400, { code: 400, message: "Invalid or expired MFA session.", data: {} }));
    fireEvent.change(screen.getByLabelText("Authentication code"), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText(MFA_EXPIRED)).toBeInTheDocument();
  });

  it("takes a recovery code instead, and signs in with the session the server gives", async () => {
    const token = adminToken();
    const calls = await toSecondStep((body) =>
      body.code === "abcd-efgh-ijkl" ? jsonResponse(200, { token, admin: { id: "a1", email: "a@b.co" } }) : jsonResponse(400, { code: 400, message: "", data: { code: { code: "validation_invalid_code", message: "Invalid or expired code." } } }),
    );
    fireEvent.click(screen.getByRole("button", { name: "Use a recovery code" }));
    const field = screen.getByLabelText("Recovery code");
    await waitFor(() => expect(field).toHaveFocus());
    fireEvent.change(field, { target: { value: "wrong" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText(INVALID_RECOVERY_CODE)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Recovery code"), { target: { value: " abcd-efgh-ijkl " } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(client.authStore.token).toBe(token));
    expect(calls.filter((c) => c.url.includes("auth-with-totp")).map((c) => c.body)).toEqual([
      { mfaId: "mfa123456789012", code: "wrong" },
      { mfaId: "mfa123456789012", code: "abcd-efgh-ijkl" },
    ]);
  });

  it("goes back to the password step, keeping the email, with the focus on the password", async () => {
    await toSecondStep(() => jsonResponse(400, {}));
    fireEvent.click(screen.getByRole("button", { name: "Back to sign in" }));
    expect(screen.getByLabelText("Email")).toHaveValue("a@b.co");
    expect(screen.getByLabelText("Password")).toHaveValue("");
    expect(screen.getByLabelText("Password")).toHaveFocus();
  });
});
