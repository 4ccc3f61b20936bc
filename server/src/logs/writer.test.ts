import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createApp, type App } from "../app.js";
import { LogWriter, type LogWriterOptions } from "./writer.js";
import type { Settings } from "../models/settings.js";
import { cleanupTempDirs, tempDir } from "../../test/support/dataDirs.js";

let app: App;
let writers: LogWriter[];

beforeEach(async () => {
  app = await createApp({ dataDir: tempDir("cairn-logs-") });
  writers = [];
});

afterEach(async () => {
  for (const w of writers) await w.close();
  await app.close();
  cleanupTempDirs();
  vi.useRealTimers();
});

function writer(opts: LogWriterOptions = {}): LogWriter {
  const w = new LogWriter(app.logsDb, app.settings, app.events, { warn: () => {}, ...opts });
  writers.push(w);
  return w;
}

const count = async (): Promise<number> => (await app.logsDb.get<{ n: number }>("SELECT COUNT(*) AS n FROM _logs"))!.n;
const rows = () => app.logsDb.all("SELECT * FROM _logs ORDER BY rowid");
/** Schema changes the tests make to break the writes. */
const exec = (sql: string) => app.logsDb.transaction((tx) => tx.exec(sql));

async function setLogs(logs: Partial<Settings["logs"]>): Promise<void> {
  const s = app.settings.get();
  await app.settings.save({ ...s, logs: { ...s.logs, ...logs } });
}

/** Lets the retention a settings save started (off the saving request's path) run and finish. */
const tick = async () => {
  await new Promise((r) => setImmediate(r));
  await new Promise((r) => setImmediate(r));
};

async function insertOld(id: string, created: string): Promise<void> {
  await app.logsDb.transaction((tx) => tx.run("INSERT INTO _logs (id, level, message, data, created, updated) VALUES (?, 0, 'old', '{}', ?, ?)", [id, created, created]));
}

describe("LogWriter", () => {
  it("buffers entries and writes them on the flush interval, not on add", async () => {
    vi.useFakeTimers();
    const w = writer({ flushIntervalMs: 1000 });
    w.add({ level: 0, message: "a", data: { x: 1 } });
    w.add({ level: 4, message: "b", data: {} });
    expect(await count()).toBe(0);
    expect(w.pending).toBe(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await count()).toBe(2);
    const [a] = (await rows());
    expect(a).toMatchObject({ level: 0, message: "a", data: '{"x":1}' });
    expect(a!.id).toMatch(/^[a-z0-9]{15}$/);
    expect(a!.created).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(a!.updated).toBe(a!.created);
  });

  it("writes a full batch at once, still off the caller's stack", async () => {
    vi.useFakeTimers();
    const w = writer({ batchSize: 3, flushIntervalMs: 60_000 });
    for (let i = 0; i < 3; i++) w.add({ level: 0, message: `m${i}`, data: {} });
    expect(await count()).toBe(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(await count()).toBe(3);
  });

  it("drops entries below logs.minLevel", async () => {
    await setLogs({ minLevel: 4 });
    const w = writer();
    w.add({ level: 0, message: "info", data: {} });
    w.add({ level: 4, message: "warn", data: {} });
    w.add({ level: 8, message: "error", data: {} });
    await w.flush();
    expect((await rows()).map((r) => r.message)).toEqual(["warn", "error"]);
  });

  it("persists nothing when logs.maxDays is 0", async () => {
    await setLogs({ maxDays: 0 });
    const w = writer();
    w.add({ level: 8, message: "x", data: {} });
    expect(w.pending).toBe(0);
    await w.flush();
    expect(await count()).toBe(0);
  });

  it("flushes pending entries on close and ignores entries after it", async () => {
    const w = writer({ flushIntervalMs: 60_000 });
    w.add({ level: 0, message: "a", data: {} });
    await w.close();
    expect(await count()).toBe(1);
    w.add({ level: 0, message: "b", data: {} });
    await w.flush();
    expect(await count()).toBe(1);
    await w.close();
  });

  it("app.close flushes the app's writer", async () => {
    const dir = app.dataDir;
    app.logs.add({ level: 0, message: "bye", data: {} });
    await app.close();
    app = await createApp({ dataDir: dir });
    expect((await rows()).map((r) => r.message)).toEqual(["bye"]);
  });

  it("never throws on a write failure: warns, retries, then drops with a warning", async () => {
    const warnings: string[] = [];
    const w = writer({ maxAttempts: 2, warn: (m) => warnings.push(m) });
    await exec("ALTER TABLE _logs RENAME TO _logs_away");
    w.add({ level: 0, message: "a", data: {} });
    expect(await w.flush()).toBe(false);
    expect(w.pending).toBe(1);
    expect(warnings[0]).toMatch(/failed to write 1 log entry .*will retry/);
    w.add({ level: 0, message: "b", data: {} });
    expect(await w.flush()).toBe(false);
    expect(w.pending).toBe(0);
    expect(warnings[1]).toMatch(/dropped 2 log entries/);
    await exec("ALTER TABLE _logs_away RENAME TO _logs");
  });

  it("a retried batch is written once the database is back, in order", async () => {
    const warnings: string[] = [];
    const w = writer({ warn: (m) => warnings.push(m) });
    await exec("ALTER TABLE _logs RENAME TO _logs_away");
    w.add({ level: 0, message: "a", data: {} });
    expect(await w.flush()).toBe(false);
    await exec("ALTER TABLE _logs_away RENAME TO _logs");
    w.add({ level: 0, message: "b", data: {} });
    expect(await w.flush()).toBe(true);
    expect((await rows()).map((r) => r.message)).toEqual(["a", "b"]);
    expect(warnings).toHaveLength(1);
  });

  it("a failure from a timer flush does not crash the process", async () => {
    const warnings: string[] = [];
    const w = writer({ flushIntervalMs: 5, warn: (m) => warnings.push(m) });
    await exec("DROP TABLE _logs");
    w.add({ level: 0, message: "a", data: {} });
    await new Promise((r) => setTimeout(r, 40));
    expect(warnings.length).toBeGreaterThan(0);
  });

  it("bounds the memory queue and says so", async () => {
    const warnings: string[] = [];
    const w = writer({ maxQueue: 2, batchSize: 100, warn: (m) => warnings.push(m) });
    for (const m of ["a", "b", "c"]) w.add({ level: 0, message: m, data: {} });
    expect(w.pending).toBe(2);
    expect(warnings[0]).toMatch(/dropped 1 log entry/);
    await w.flush();
    expect((await rows()).map((r) => r.message)).toEqual(["b", "c"]);
  });

  it("stores unserializable data without throwing", async () => {
    const w = writer();
    const data: Record<string, unknown> = {};
    data.self = data;
    w.add({ level: 0, message: "cyclic", data });
    await w.flush();
    expect(JSON.parse((await rows())[0]!.data as string).error).toMatch(/unserializable/);
  });

  it("application errors are level 8 with the error text", async () => {
    const w = writer();
    w.error("Failed to send mail.", new Error("boom"));
    await w.flush();
    expect((await rows())[0]).toMatchObject({ level: 8, message: "Failed to send mail.", data: '{"type":"app","error":"boom"}' });
  });
});

describe("LogWriter retention", () => {
  const NOW = new Date("2026-11-21T12:00:00.000Z");
  // The app's own writer would apply retention on the real clock; only the test's writer runs.
  beforeEach(async () => app.logs.close());

  it("deletes logs older than maxDays with the first batch, then at most every interval", async () => {
    let now = NOW;
    const w = writer({ now: () => now, retentionIntervalMs: 6 * 3600_000 });
    await insertOld("old", "2026-11-16 11:59:59.999Z"); // 5 days and 1 ms
    await insertOld("keep", "2026-11-16 12:00:00.000Z"); // exactly 5 days
    w.add({ level: 0, message: "new", data: {} });
    await w.flush();
    expect((await rows()).map((r) => r.id)).toEqual(["keep", expect.any(String)]);

    await insertOld("old2", "2026-11-01 00:00:00.000Z");
    now = new Date(NOW.getTime() + 3600_000);
    w.add({ level: 0, message: "new", data: {} });
    await w.flush();
    expect((await rows()).some((r) => r.id === "old2")).toBe(true);

    now = new Date(NOW.getTime() + 6 * 3600_000);
    w.add({ level: 0, message: "new", data: {} });
    await w.flush();
    expect((await rows()).some((r) => r.id === "old2" || r.id === "keep")).toBe(false);
  });

  it("leaves retention to the leader: a follower deletes nothing, then does once it leads", async () => {
    let leading = false;
    const w = writer({ now: () => NOW, leads: () => leading });
    await insertOld("old", "2026-11-01 00:00:00.000Z");
    w.add({ level: 0, message: "new", data: {} });
    await w.flush();
    await setLogs({ maxDays: 2 });
    await tick();
    await w.flush();
    expect((await rows()).some((r) => r.id === "old")).toBe(true);
    leading = true;
    w.add({ level: 0, message: "new", data: {} });
    await w.flush();
    expect((await rows()).some((r) => r.id === "old")).toBe(false);
  });

  it("deletes expired logs when the settings are saved", async () => {
    writer({ now: () => NOW });
    await insertOld("old", "2026-11-10 00:00:00.000Z");
    await insertOld("recent", "2026-11-20 00:00:00.000Z");
    await setLogs({ maxDays: 7 });
    await tick();
    expect((await rows()).map((r) => r.id)).toEqual(["recent"]);
    await setLogs({ maxDays: 1 });
    await tick();
    expect(await count()).toBe(0);
  });

  it("maxDays = 0 deletes every stored log and drops what is queued", async () => {
    const w = writer({ now: () => NOW, flushIntervalMs: 60_000 });
    await insertOld("recent", "2026-11-21 11:00:00.000Z");
    w.add({ level: 0, message: "queued", data: {} });
    await setLogs({ maxDays: 0 });
    await tick();
    expect(w.pending).toBe(0);
    expect(await count()).toBe(0);
  });

  it("deleteExpired reports a failure instead of throwing", async () => {
    const warnings: string[] = [];
    const w = writer({ warn: (m) => warnings.push(m) });
    await exec("DROP TABLE _logs");
    expect(await w.deleteExpired()).toBe(-1);
    expect(warnings[0]).toMatch(/failed to delete old logs/);
  });
});
