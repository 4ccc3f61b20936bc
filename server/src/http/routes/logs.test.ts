import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupTempDirs } from "../../../test/support/dataDirs.js";
import { closeEnv, insertLog, logsEnv, type LogsEnv } from "../../../test/support/logs.js";

let env: LogsEnv;

const SEED = [
  { id: "log1aaaaaaaaaaa", level: 0, message: "GET /api/a", data: { auth: "guest", status: 200, type: "request" }, created: "2026-11-01 03:15:00.000Z" },
  { id: "log2aaaaaaaaaaa", level: 8, message: "GET /api/b", data: { auth: "admin", status: 404, type: "request" }, created: "2026-11-01 03:59:59.999Z" },
  { id: "log3aaaaaaaaaaa", level: 4, message: "warn", data: { type: "app" }, created: "2026-11-01 04:00:00.000Z" },
  { id: "log4aaaaaaaaaaa", level: -4, message: "debug", data: {}, created: "2025-01-01 01:00:00.000Z" },
];

beforeAll(async () => {
  env = await logsEnv();
  // Request logging stays on: the logs API does not log its own successful calls.
  for (const row of SEED) await insertLog(env.app, row);
});

afterAll(async () => {
  await closeEnv(env);
  cleanupTempDirs();
});

const get = async (url: string, token: string | null = env.token) => {
  const res = await env.server.inject({ url, headers: token ? { authorization: token } : {} });
  return { status: res.statusCode, body: res.json() as any };
};

const UNAUTHORIZED = { code: 401, message: "The request requires valid admin authorization token to be set.", data: {} };

describe("GET /api/logs", () => {
  it("requires an admin", async () => {
    expect(await get("/api/logs", null)).toEqual({ status: 401, body: UNAUTHORIZED });
    expect(await get("/api/logs", "garbage")).toEqual({ status: 401, body: UNAUTHORIZED });
  });

  it("lists in storage order by default, items shaped like the reference", async () => {
    const { status, body } = await get("/api/logs");
    expect(status).toBe(200);
    expect(body).toMatchObject({ page: 1, perPage: 30, totalItems: 4, totalPages: 1 });
    expect(body.items.map((i: { id: string }) => i.id)).toEqual(SEED.map((s) => s.id));
    expect(body.items[1]).toEqual({
      id: "log2aaaaaaaaaaa", created: "2026-11-01 03:59:59.999Z", updated: "2026-11-01 03:59:59.999Z",
      data: { auth: "admin", status: 404, type: "request" }, message: "GET /api/b", level: 8,
    });
    expect(Object.keys(body.items[0])).toEqual(["id", "created", "updated", "data", "message", "level"]);
  });

  it("sorts by -rowid (the dashboard's default) and pages with skipTotal", async () => {
    const { body } = await get("/api/logs?sort=-rowid&perPage=2&skipTotal=1");
    expect(body).toMatchObject({ page: 1, perPage: 2, totalItems: -1, totalPages: -1 });
    expect(body.items.map((i: { id: string }) => i.id)).toEqual(["log4aaaaaaaaaaa", "log3aaaaaaaaaaa"]);
  });

  it("filters on columns and data keys", async () => {
    // Without a sort the order is SQLite's (an index may drive it), as in the reference.
    const ids = async (filter: string) =>
      (await get("/api/logs?filter=" + encodeURIComponent(filter))).body.items.map((i: { id: string }) => i.id).sort();
    expect(await ids("level > 0")).toEqual(["log2aaaaaaaaaaa", "log3aaaaaaaaaaa"]);
    expect(await ids("data.auth != 'admin' && data.type = 'request'")).toEqual(["log1aaaaaaaaaaa"]);
    expect(await ids("data.status >= 400")).toEqual(["log2aaaaaaaaaaa"]);
    expect(await ids("message ~ 'api'")).toEqual(["log1aaaaaaaaaaa", "log2aaaaaaaaaaa"]);
    expect(await ids("data.nope = 1")).toEqual([]);
    expect(await ids("rowid > 3")).toEqual(["log4aaaaaaaaaaa"]);
  });

  it("a bad filter or sort is the generic 400", async () => {
    const generic = { code: 400, message: "Something went wrong while processing your request.", data: {} };
    expect(await get("/api/logs?filter=" + encodeURIComponent("(level >"))).toEqual({ status: 400, body: generic });
    expect(await get("/api/logs?filter=foo%3D1")).toEqual({ status: 400, body: generic });
    expect(await get("/api/logs?sort=nope")).toEqual({ status: 400, body: generic });
  });
});

describe("GET /api/logs/:id", () => {
  it("returns one log", async () => {
    const { status, body } = await get("/api/logs/log3aaaaaaaaaaa");
    expect(status).toBe(200);
    expect(body).toEqual({
      id: "log3aaaaaaaaaaa", created: "2026-11-01 04:00:00.000Z", updated: "2026-11-01 04:00:00.000Z",
      data: { type: "app" }, message: "warn", level: 4,
    });
  });

  it("404 when missing, 401 without an admin", async () => {
    expect(await get("/api/logs/missing")).toEqual({ status: 404, body: { code: 404, message: "The requested resource wasn't found.", data: {} } });
    expect(await get("/api/logs/log3aaaaaaaaaaa", null)).toEqual({ status: 401, body: UNAUTHORIZED });
  });
});

describe("GET /api/logs/stats", () => {
  it("counts per hour, oldest first, with the reference's date format", async () => {
    expect(await get("/api/logs/stats")).toEqual({
      status: 200,
      body: [
        { total: 1, date: "2025-01-01 01:00:00.000Z" },
        { total: 2, date: "2026-11-01 03:00:00.000Z" },
        { total: 1, date: "2026-11-01 04:00:00.000Z" },
      ],
    });
  });

  it("applies the filter", async () => {
    expect((await get("/api/logs/stats?filter=" + encodeURIComponent("level >= 0 && data.auth != 'admin'"))).body).toEqual([
      { total: 1, date: "2026-11-01 03:00:00.000Z" },
      { total: 1, date: "2026-11-01 04:00:00.000Z" },
    ]);
    expect((await get("/api/logs/stats?filter=level%3E100")).body).toEqual([]);
    expect((await get("/api/logs/stats?filter=")).body).toHaveLength(3);
  });

  it("a bad filter is 400 Invalid filter format.; no admin is 401", async () => {
    const invalid = { status: 400, body: { code: 400, message: "Invalid filter format.", data: {} } };
    expect(await get("/api/logs/stats?filter=" + encodeURIComponent("(level >"))).toEqual(invalid);
    expect(await get("/api/logs/stats?filter=nofield%3D1")).toEqual(invalid);
    expect(await get("/api/logs/stats", null)).toEqual({ status: 401, body: UNAUTHORIZED });
  });
});
