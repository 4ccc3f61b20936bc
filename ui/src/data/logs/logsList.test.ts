import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchLogsPage } from "./logsList";
import { fetchLogStats } from "./logStats";

function mockFetch(body: unknown) {
  const fn = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } }));
  vi.stubGlobal("fetch", fn);
  return fn;
}

describe("logs calls", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists with page, perPage 50, sort -rowid, skipTotal=1 and the filter", async () => {
    const fn = mockFetch({ page: 2, items: [] });
    await fetchLogsPage({ page: 2, filter: "level>0" });
    const url = new URL(String(fn.mock.calls[0][0]));
    expect(url.pathname).toBe("/api/logs");
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: "2", perPage: "50", sort: "-rowid", skipTotal: "1", filter: "level>0" });
  });

  it("sends no filter parameter when there is none", async () => {
    const fn = mockFetch({ page: 1, items: [] });
    await fetchLogsPage({ page: 1, filter: "" });
    expect(new URL(String(fn.mock.calls[0][0])).searchParams.has("filter")).toBe(false);
    const fn2 = mockFetch([]);
    await fetchLogStats("");
    const url = new URL(String(fn2.mock.calls[0][0]));
    expect(url.pathname).toBe("/api/logs/stats");
    expect(url.search).toBe("");
  });

  it("sends the language header", async () => {
    const fn = mockFetch([]);
    await fetchLogStats("a=1");
    const headers = fn.mock.calls[0][1]?.headers as Record<string, string>;
    expect(headers["Accept-Language"]).toBe("en-US");
  });
});
