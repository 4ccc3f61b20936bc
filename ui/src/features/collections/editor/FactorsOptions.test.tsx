import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { client } from "../../../lib/client";
import { resetOverlayStack } from "../../../components/overlayStack";
import type { Collection } from "../../../data/collections/types";
import { testCollection } from "../../../test/collections";
import CollectionEditorPanel from "./CollectionEditorPanel";
import { factorsPayload, readOtp, serverHasFactors, validateFactors } from "./authFactors";
import { MFA_TITLE, OTP_TITLE } from "./FactorsOptions";

const authOptions = {
  allowUsernameAuth: true,
  allowEmailAuth: true,
  allowOAuth2Auth: true,
  minPasswordLength: 8,
  requireEmail: false,
  onlyVerified: false,
  exceptEmailDomains: null,
  onlyEmailDomains: null,
  manageRule: null,
};

function renderEditor(collection: Collection) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <CollectionEditorPanel open collection={collection} collections={[collection]} onClose={() => {}} onSaved={() => {}} />
    </QueryClientProvider>,
  );
}

describe("auth factors model", () => {
  it("knows the server has OTP/MFA from the loaded options or any auth collection", () => {
    expect(serverHasFactors({}, [{}, { allowEmailAuth: true }])).toBe(false);
    expect(serverHasFactors({ otp: { enabled: false } }, [])).toBe(true);
    expect(serverHasFactors({}, [{ mfa: { enabled: false } }])).toBe(true);
  });

  it("sends otp and mfa only when the form has them", () => {
    expect(factorsPayload({ allowEmailAuth: true })).toEqual({});
    expect(factorsPayload({ otp: { enabled: true, duration: 60 }, mfa: { enabled: true, rule: "verified = true" } })).toEqual({
      otp: { enabled: true, duration: 60, length: 8 },
      mfa: { enabled: true, duration: 1800, rule: "verified = true" },
    });
  });

  it("keeps the server's null duration (shown empty) instead of the default", () => {
    expect(readOtp({ enabled: true, duration: null }).duration).toBeNull();
  });

  it("checks ranges only for enabled methods", () => {
    expect(validateFactors({ otp: { enabled: false, duration: 1, length: 99 } })).toEqual({});
    const e = validateFactors({
      otp: { enabled: true, duration: 0, length: null },
      mfa: { enabled: true, duration: 5.5 },
    });
    expect(e.otp).toEqual({
      duration: { code: "validation_invalid_value", message: "Must be between 1 and 86400." },
      length: { code: "validation_required", message: "Cannot be blank." },
    });
    expect(e.mfa).toEqual({ duration: { code: "validation_invalid_value", message: "Must be between 1 and 86400." } });
  });
});

describe("auth collection editor: OTP and MFA", () => {
  afterEach(() => {
    resetOverlayStack();
    vi.restoreAllMocks();
  });

  it("hides both sections for a server without them (PocketBase v0.22)", async () => {
    renderEditor({ ...testCollection("users", "auth", []), options: authOptions });
    const dialog = await screen.findByRole("dialog", { name: "Edit collection" });
    await userEvent.click(within(dialog).getByRole("tab", { name: /Options/ }));
    expect(within(dialog).getByRole("heading", { name: "OAuth2" })).toBeInTheDocument();
    expect(within(dialog).queryByRole("heading", { name: OTP_TITLE })).toBeNull();
    expect(within(dialog).queryByRole("heading", { name: MFA_TITLE })).toBeNull();
  });

  it("edits OTP and MFA, then PATCHes them", async () => {
    const users = { ...testCollection("users", "auth", []), options: { ...authOptions, otp: { enabled: false, duration: 180, length: 8 }, mfa: { enabled: false, duration: 1800, rule: "" } } };
    const update = vi.spyOn(client.collections, "update").mockImplementation(async (_id, body) => ({ ...users, ...(body as object) }) as never);
    renderEditor(users);
    const dialog = await screen.findByRole("dialog", { name: "Edit collection" });
    await userEvent.click(within(dialog).getByRole("tab", { name: /Options/ }));
    await userEvent.click(within(dialog).getByLabelText(/Enable one-time password sign-in/));
    fireEvent.change(within(dialog).getAllByLabelText("Duration (in seconds)")[0], { target: { value: "300" } });
    fireEvent.change(within(dialog).getByLabelText("Code length"), { target: { value: "6" } });
    expect(within(dialog).getByRole("link", { name: "Edit the OTP email template" })).toHaveAttribute("href", "#/settings/mail");
    await userEvent.click(within(dialog).getByLabelText(/Require a second sign-in method/));
    expect(within(dialog).getByTestId("rule-mfa")).toHaveTextContent("Everyone");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(update).toHaveBeenCalledOnce());
    const body = update.mock.calls[0][1] as { options: Record<string, unknown> };
    expect(body.options.otp).toEqual({ enabled: true, duration: 300, length: 6 });
    expect(body.options.mfa).toEqual({ enabled: true, duration: 1800, rule: "" });
  });

  it("refuses an out-of-range code length and marks the Options tab", async () => {
    const users = { ...testCollection("users", "auth", []), options: { ...authOptions, otp: { enabled: true, duration: 180, length: 8 } } };
    const update = vi.spyOn(client.collections, "update");
    renderEditor(users);
    const dialog = await screen.findByRole("dialog", { name: "Edit collection" });
    await userEvent.click(within(dialog).getByRole("tab", { name: /Options/ }));
    fireEvent.change(within(dialog).getByLabelText("Code length"), { target: { value: "13" } });
    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await within(dialog).findByText("Must be between 4 and 12.")).toBeInTheDocument();
    expect(within(dialog).getByRole("tab", { name: /Options/ })).toContainElement(within(dialog).getAllByRole("img", { name: "Has errors" })[0]);
    expect(update).not.toHaveBeenCalled();
  });
});
