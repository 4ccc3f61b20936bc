import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PROGRESS_POLL_MS, useBackupProgress, type BackupProgress } from "./backupProgress";

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const RUNNING: BackupProgress = { running: true, action: "backup", key: "a.zip", phase: "zip", done: 10, total: 40, startedAt: "2024-01-01 00:00:00.000Z" };

function setup(answers: (() => Response)[]) {
  let i = 0;
  const fetchMock = vi.fn(async () => answers[Math.min(i++, answers.length - 1)]());
  vi.stubGlobal("fetch", fetchMock);
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
  return { fetchMock, wrapper };
}

describe("useBackupProgress", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("asks nothing while no run is known", async () => {
    const { fetchMock, wrapper } = setup([() => json(200, RUNNING)]);
    const { result } = renderHook(() => useBackupProgress(false), { wrapper });
    await new Promise((r) => setTimeout(r, 30));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(result.current).toBeNull();
  });

  it("polls GET /api/backups/progress while active and gives the running report", async () => {
    const { fetchMock, wrapper } = setup([() => json(200, RUNNING), () => json(200, { ...RUNNING, done: 30 }), () => json(200, { running: false })]);
    const { result, rerender } = renderHook(({ active }) => useBackupProgress(active), { wrapper, initialProps: { active: true } });
    await waitFor(() => expect(result.current).toMatchObject({ phase: "zip", done: 10, total: 40 }));
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toMatch(/\/api\/backups\/progress$/);
    await waitFor(() => expect(result.current).toMatchObject({ done: 30 }), { timeout: PROGRESS_POLL_MS * 4 });
    await waitFor(() => expect(result.current).toBeNull(), { timeout: PROGRESS_POLL_MS * 4 });
    rerender({ active: false });
    expect(result.current).toBeNull();
  });

  it("against a server without the endpoint (403 or 404) shows nothing and stops asking", async () => {
    for (const status of [403, 404]) {
      const { fetchMock, wrapper } = setup([() => json(status, { code: status, message: "x", data: {} })]);
      const { result, unmount } = renderHook(() => useBackupProgress(true), { wrapper });
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      await act(() => new Promise((r) => setTimeout(r, PROGRESS_POLL_MS * 2.5)));
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(result.current).toBeNull();
      unmount();
      vi.unstubAllGlobals();
    }
  });
});
