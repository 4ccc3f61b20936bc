import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { LoginPage, INVALID_CREDENTIALS, MAX_SESSION_HOLD_MS } from "./LoginPage";
import { useAuthToken } from "../../lib/authState";
// loaded up front, as idle time does in the browser: the hold's timeout must not cover a slow first import
import "../collections/prefetchLanding";
// and the shell, which the sign-in loads while the password is checked
import "../shell/AppLayout";
import { InstallerForm } from "./InstallerForm";
import { client } from "../../lib/client";

function wrap(ui: ReactNode) {
  const qc = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(<QueryClientProvider client={qc}>{ui}</QueryClientProvider>);
}

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

describe("sign-in page", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    client.authStore.clear();
    window.location.hash = "";
  });

  it("requires both fields", () => {
    wrap(<LoginPage />);
    fireEvent.click(screen.getByRole("button", { name: "Login" }));
    expect(screen.getAllByText("Cannot be blank.")).toHaveLength(2);
  });

  it("is pre-filled from demoEmail and demoPassword", () => {
    window.location.hash = "#/login?demoEmail=demo%40x.io&demoPassword=secret123";
    wrap(<LoginPage />);
    expect(screen.getByLabelText("Email")).toHaveValue("demo@x.io");
    expect(screen.getByLabelText("Password")).toHaveValue("secret123");
  });

  it("shows 'Invalid login credentials.' on failure", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => jsonResponse(400, { code: 400, message: "Failed to authenticate.", data: {} })));
    wrap(<LoginPage />);
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "a@b.co" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "wrong" } });
    fireEvent.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByText(INVALID_CREDENTIALS)).toBeInTheDocument();
    expect(INVALID_CREDENTIALS).toBe("Invalid login credentials.");
  });

  const adminToken = () => `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600, type: "admin", id: "a1" })).replace(/=+$/, "")}.s`;
  const emptyList = { page: 1, perPage: 200, totalItems: -1, totalPages: -1, items: [] };

  /** The token the app renders for (the session it shows). */
  function ShownToken() {
    return <output aria-label="shown token">{useAuthToken()}</output>;
  }

  function signInWith(fetchMock: (url: string) => Promise<Response>) {
    const mock = vi.fn((url: string) => fetchMock(String(url)));
    vi.stubGlobal("fetch", mock);
    window.location.hash = "#/login";
    wrap(
      <>
        <LoginPage />
        <ShownToken />
      </>,
    );
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "a@b.co" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "1234567890" } });
    fireEvent.click(screen.getByRole("button", { name: "Login" }));
    return mock;
  }

  it("stores the session and shows it once the landing page's data has answered", async () => {
    const token = adminToken();
    let answerCollections = () => {};
    const fetchMock = signInWith((url) => {
      if (url.includes("/api/admins/auth-with-password")) return Promise.resolve(jsonResponse(200, { token, admin: { id: "a1", email: "a@b.co", avatar: 3 } }));
      if (url.includes("/api/collections")) return new Promise((resolve) => (answerCollections = () => resolve(jsonResponse(200, emptyList))));
      return Promise.resolve(jsonResponse(404, {}));
    });
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes("/api/collections"))).toBe(true));
    // stored at once, shown only when the collections have answered
    expect(JSON.parse(localStorage.getItem("cairn_admin")!).token).toBe(token);
    expect(screen.getByLabelText("shown token")).toBeEmptyDOMElement();
    // the form stays busy (no second submit, no flash of an idle button) until the page goes
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(screen.getByRole("button", { name: "Login" })).toBeDisabled();
    answerCollections();
    await waitFor(() => expect(screen.getByLabelText("shown token")).toHaveTextContent(token));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/api\/admins\/auth-with-password$/);
    expect(JSON.parse(String(init.body))).toEqual({ identity: "a@b.co", password: "1234567890" });
  });

  it(`shows the session after ${MAX_SESSION_HOLD_MS} ms when the landing page's data does not answer`, async () => {
    const token = adminToken();
    // The moment the session is stored, taken when it is written: polling for it would start the
    // clock late on a loaded machine and the hold would look shorter than it is.
    let stored = 0;
    const setItem = Storage.prototype.setItem;
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(function (this: Storage, key: string, value: string) {
      if (key === "cairn_admin" && !stored) stored = performance.now();
      setItem.call(this, key, value);
    });
    signInWith((url) => {
      if (url.includes("/api/admins/auth-with-password")) return Promise.resolve(jsonResponse(200, { token, admin: { id: "a1", email: "a@b.co" } }));
      return new Promise(() => {}); // never answers
    });
    await waitFor(() => expect(localStorage.getItem("cairn_admin")).toContain(token));
    await waitFor(() => expect(screen.getByLabelText("shown token")).toHaveTextContent(token), { timeout: 2000 });
    expect(stored).toBeGreaterThan(0);
    expect(performance.now() - stored).toBeGreaterThanOrEqual(MAX_SESSION_HOLD_MS - 20);
  });

  it("holds nothing after a failed sign-in: a later session change shows at once", async () => {
    signInWith(() => Promise.resolve(jsonResponse(400, { code: 400, message: "Failed to authenticate.", data: {} })));
    expect(await screen.findByText(INVALID_CREDENTIALS)).toBeInTheDocument();
    expect(screen.getByLabelText("shown token")).toBeEmptyDOMElement();
    // another tab's sign-in, say
    const token = adminToken();
    await act(async () => client.authStore.save(token, { id: "a1", email: "a@b.co" }));
    expect(screen.getByLabelText("shown token")).toHaveTextContent(token);
  });
});

describe("installer form", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("validates email and the 10 character minimum before calling the server", () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    wrap(<InstallerForm reload={() => {}} />);
    expect(screen.getByText("Minimum 10 characters.")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Create and sign in" }));
    expect(screen.getAllByText("Cannot be blank.")).toHaveLength(3);
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "nope" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "short" } });
    fireEvent.change(screen.getByLabelText("Password confirm"), { target: { value: "short" } });
    fireEvent.click(screen.getByRole("button", { name: "Create and sign in" }));
    expect(screen.getByText("Must be a valid email address.")).toBeInTheDocument();
    expect(screen.getAllByText("Must be at least 10 characters.")).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows server field errors under the fields", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => jsonResponse(400, { code: 400, message: "Something went wrong while processing your request.", data: { email: { code: "validation_invalid_email", message: "The email is invalid or already in use." } } })),
    );
    wrap(<InstallerForm reload={() => {}} />);
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "a@b.co" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "1234567890" } });
    fireEvent.change(screen.getByLabelText("Password confirm"), { target: { value: "1234567890" } });
    fireEvent.click(screen.getByRole("button", { name: "Create and sign in" }));
    expect(await screen.findByText("The email is invalid or already in use.")).toBeInTheDocument();
    fireEvent.input(screen.getByLabelText("Email"), { target: { value: "b@b.co" } });
    expect(screen.queryByText("The email is invalid or already in use.")).toBeNull();
  });

  it("creates the admin, signs in and reloads without the installer flag", async () => {
    const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600, type: "admin", id: "a1" })).replace(/=+$/, "");
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse(200, { id: "a1", email: "a@b.co" }))
      .mockResolvedValueOnce(jsonResponse(200, { token: `h.${payload}.s`, admin: { id: "a1", email: "a@b.co" } }));
    vi.stubGlobal("fetch", fetchMock);
    const reload = vi.fn();
    wrap(<InstallerForm reload={reload} />);
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "a@b.co" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "1234567890" } });
    fireEvent.change(screen.getByLabelText("Password confirm"), { target: { value: "1234567890" } });
    fireEvent.click(screen.getByRole("button", { name: "Create and sign in" }));
    await waitFor(() => expect(reload).toHaveBeenCalledOnce());
    expect(String(fetchMock.mock.calls[0][0])).toMatch(/\/api\/admins$/);
    expect(String(fetchMock.mock.calls[1][0])).toMatch(/\/api\/admins\/auth-with-password$/);
    expect(reload.mock.calls[0][0]).not.toContain("installer");
    client.authStore.clear();
  });
});
