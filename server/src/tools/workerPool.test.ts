import { afterEach, describe, expect, it } from "vitest";
import { PoolClosedError, PoolFullError, WorkerPool } from "./workerPool.js";

// Answers after `ms` with `value`, or reports an error, or exits the thread.
const CODE = `
const { parentPort } = require("node:worker_threads");
parentPort.on("message", (job) => {
  if (job.exit) process.exit(3);
  if (job.fail) return parentPort.postMessage({ error: { name: "RangeError", message: job.fail } });
  setTimeout(() => parentPort.postMessage({ result: job.value }), job.ms ?? 0);
});`;

type Job = { value?: unknown; ms?: number; fail?: string; exit?: boolean };

const pools: WorkerPool<Job, unknown>[] = [];
function pool(size: number, maxQueue?: number) {
  const p = new WorkerPool<Job, unknown>({
    name: "test",
    code: CODE,
    size,
    maxQueue,
    reviveError: (e) => (e.name === "RangeError" ? new RangeError(e.message) : new Error(e.message)),
  });
  pools.push(p);
  return p;
}
afterEach(async () => {
  for (const p of pools.splice(0)) await p.close();
});

describe("the worker pool", () => {
  it("runs at most `size` jobs at once and answers each its own result", async () => {
    const p = pool(2);
    const jobs = [1, 2, 3, 4, 5].map((value) => p.run({ value, ms: 20 }));
    expect(p.queued).toBe(3);
    expect(await Promise.all(jobs)).toEqual([1, 2, 3, 4, 5]);
    expect(p.queued).toBe(0);
  });

  it("starts workers ahead of their first job with warm, never more than size", async () => {
    const p = pool(2);
    p.warm(1);
    expect(p.started).toBe(1);
    expect(await p.run({ value: "a" })).toBe("a");
    expect(p.started).toBe(1); // the job ran on the warmed worker
    p.warm();
    p.warm(5);
    expect(p.started).toBe(2);
    expect(await Promise.all([p.run({ value: 1, ms: 10 }), p.run({ value: 2, ms: 10 })])).toEqual([1, 2]);
    expect(p.started).toBe(2);
  });

  it("revives a worker's error, and survives a worker that exits", async () => {
    const p = pool(1);
    await expect(p.run({ fail: "too few" })).rejects.toThrow(RangeError);
    await expect(p.run({ exit: true })).rejects.toThrow("test worker exited with code 3");
    expect(await p.run({ value: "after" })).toBe("after");
  });

  it("refuses jobs past maxQueue with PoolFullError", async () => {
    const p = pool(1, 2);
    const accepted = [p.run({ value: 1, ms: 50 }), p.run({ value: 2 }), p.run({ value: 3 })];
    expect(p.full).toBe(true);
    await expect(p.run({ value: 4 })).rejects.toBeInstanceOf(PoolFullError);
    expect(await Promise.all(accepted)).toEqual([1, 2, 3]);
    expect(p.full).toBe(false);
  });

  it("on close rejects running and queued jobs with PoolClosedError, and refuses new ones", async () => {
    const p = pool(1);
    const running = expect(p.run({ value: 1, ms: 5000 })).rejects.toBeInstanceOf(PoolClosedError);
    const queued = expect(p.run({ value: 2 })).rejects.toBeInstanceOf(PoolClosedError);
    await p.close();
    await running;
    await queued;
    await expect(p.run({ value: 3 })).rejects.toBeInstanceOf(PoolClosedError);
  });
});
