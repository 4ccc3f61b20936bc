import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { InjectOptions } from "fastify";
import { decodeUrl, formatFieldErrors, logUrl } from "./requestLog.js";
import { cleanupTempDirs } from "../../test/support/dataDirs.js";
import { clearLogs, closeEnv, logsEnv, setLogSettings, storedLogs, type LogsEnv } from "../../test/support/logs.js";

let env: LogsEnv;

beforeAll(async () => {
  env = await logsEnv((server) => {
    // Marks the request as an auth record's without setting up an auth collection.
    server.addHook("onRequest", async (req) => {
      if (req.headers["x-test-record"]) req.auth = { admin: null, record: { collection: {}, record: { id: "r1" } } as never };
    });
  });
});

afterAll(async () => {
  await closeEnv(env);
  cleanupTempDirs();
});

beforeEach(async () => {
  await clearLogs(env.app);
  await setLogSettings(env.app, { logIp: true, minLevel: 0, maxDays: 5 });
});

const inject = (opts: InjectOptions) => env.server.inject(opts);

describe("request log entries", () => {
  it("a successful request: level 0, `METHOD URL`, the reference's data keys", async () => {
    const res = await inject({ url: "/api/admins?perPage=1", headers: { authorization: env.token, referer: "http://x/y", "user-agent": "UA/1" } });
    expect(res.statusCode).toBe(200);
    const [log, ...rest] = await storedLogs(env.app);
    expect(rest).toEqual([]);
    expect(log).toMatchObject({ level: 0, message: "GET /api/admins?perPage=1" });
    expect(Object.keys(log!.data)).toEqual(["auth", "execTime", "method", "referer", "remoteIp", "status", "type", "url", "userAgent", "userIp"]);
    expect(log!.data).toMatchObject({
      auth: "admin", method: "GET", referer: "http://x/y", remoteIp: "127.0.0.1", status: 200, type: "request",
      url: "/api/admins?perPage=1", userAgent: "UA/1", userIp: "127.0.0.1",
    });
    expect(typeof log!.data.execTime).toBe("number");
  });

  it("a failed request: level 8 with error and details (null when there is nothing more)", async () => {
    const res = await inject({ url: "/api/admins" });
    expect(res.statusCode).toBe(401);
    const [log] = await storedLogs(env.app);
    expect(log!.level).toBe(8);
    expect(Object.keys(log!.data)).toEqual(["auth", "details", "error", "execTime", "method", "referer", "remoteIp", "status", "type", "url", "userAgent", "userIp"]);
    expect(log!.data).toMatchObject({ auth: "guest", status: 401, details: null, error: "The request requires valid admin authorization token to be set." });
  });

  it("an unknown route: the not-found details", async () => {
    await inject({ url: "/api/nope/" });
    const [log] = await storedLogs(env.app);
    expect(log).toMatchObject({ level: 8, message: "GET /api/nope" });
    expect(log!.data).toMatchObject({ url: "/api/nope", status: 404, error: "Not Found.", details: "code=404, message=Not Found" });
  });

  it("a bad filter: the parser's complaint as details", async () => {
    const res = await inject({ url: "/api/admins?filter=" + encodeURIComponent("(email = "), headers: { authorization: env.token } });
    expect(res.statusCode).toBe(400);
    const [log] = await storedLogs(env.app);
    expect(log!.data.error).toBe("Something went wrong while processing your request.");
    expect(typeof log!.data.details).toBe("string");
    expect(log!.data.details).not.toBe("");
  });

  it("validation errors: field errors as details, keys sorted", async () => {
    const res = await inject({ method: "POST", url: "/api/admins/auth-with-password", payload: {} });
    expect(res.statusCode).toBe(400);
    const [log] = await storedLogs(env.app);
    expect(log!.data.details).toBe("identity: cannot be blank; password: cannot be blank.");
  });

  it("the message is percent-decoded, the url kept raw", async () => {
    await inject({ url: "/api/nope/a%20b?x=%2F%26+y&z=%E2%9C%93" });
    await inject({ url: "/api/nope?q=%zz" });
    const logs = await storedLogs(env.app);
    expect(logs.map((l) => [l.message, l.data.url])).toEqual([
      ["GET /api/nope/a b?x=/&+y&z=✓", "/api/nope/a%20b?x=%2F%26+y&z=%E2%9C%93"],
      ["GET /api/nope?q=%zz", "/api/nope?q=%zz"],
    ]);
  });

  it("auth is guest, admin or authRecord", async () => {
    await inject({ url: "/api/nope" });
    await inject({ url: "/api/nope", headers: { authorization: env.token } });
    await inject({ url: "/api/nope", headers: { "x-test-record": "1" } });
    await inject({ url: "/api/nope", headers: { authorization: "garbage" } });
    expect((await storedLogs(env.app)).map((l) => l.data.auth)).toEqual(["guest", "admin", "authRecord", "guest"]);
  });

  it("userIp follows the proxy headers in the reference's order", async () => {
    const cases: [Record<string, string>, string][] = [
      [{}, "127.0.0.1"],
      [{ "x-forwarded-for": "  4.4.4.4 , 5.5.5.5" }, "4.4.4.4"],
      [{ "x-forwarded-for": ", 5.5.5.5" }, "5.5.5.5"],
      [{ "x-forwarded-for": "1.1.1.1", "x-real-ip": "9.9.9.9" }, "9.9.9.9"],
      [{ "fly-client-ip": "6.6.6.6", "x-real-ip": "9.9.9.9" }, "6.6.6.6"],
      [{ "cf-connecting-ip": "7.7.7.7", "fly-client-ip": "6.6.6.6" }, "7.7.7.7"],
      [{ "x-real-ip": "not-an-ip" }, "not-an-ip"],
    ];
    for (const [headers] of cases) await inject({ url: "/api/nope", headers });
    const logs = await storedLogs(env.app);
    expect(logs.map((l) => l.data.userIp)).toEqual(cases.map(([, ip]) => ip));
    expect(new Set(logs.map((l) => l.data.remoteIp))).toEqual(new Set(["127.0.0.1"]));
  });

  it("logs.logIp = false leaves both IPs out", async () => {
    await setLogSettings(env.app, { logIp: false });
    await inject({ url: "/api/nope", headers: { "x-real-ip": "9.9.9.9" } });
    const [log] = await storedLogs(env.app);
    expect(log!.data).not.toHaveProperty("remoteIp");
    expect(log!.data).not.toHaveProperty("userIp");
  });

  it("logs.minLevel keeps successful requests out and errors in", async () => {
    await setLogSettings(env.app, { minLevel: 5 });
    await inject({ url: "/api/admins", headers: { authorization: env.token } });
    await inject({ url: "/api/nope" });
    expect((await storedLogs(env.app)).map((l) => l.message)).toEqual(["GET /api/nope"]);
  });

  it("logs.maxDays = 0 stores nothing", async () => {
    await setLogSettings(env.app, { maxDays: 0 });
    await inject({ url: "/api/nope" });
    expect(await storedLogs(env.app)).toEqual([]);
  });
});

describe("requests the reference does not log when they succeed", () => {
  it("health, CORS preflight, the dashboard and the logs API", async () => {
    expect((await inject({ url: "/api/health" })).statusCode).toBe(200);
    expect((await inject({ method: "HEAD", url: "/api/health" })).statusCode).toBe(200);
    await inject({ method: "OPTIONS", url: "/api/admins", headers: { origin: "http://x", "access-control-request-method": "GET" } });
    await inject({ url: "/_/" });
    await inject({ url: "/_" });
    for (const url of ["/api/logs", "/api/logs/stats"]) {
      expect((await inject({ url, headers: { authorization: env.token } })).statusCode).toBe(200);
    }
    expect(await storedLogs(env.app)).toEqual([]);
  });

  it("but logs them when they fail", async () => {
    await inject({ method: "POST", url: "/api/health" });
    await inject({ url: "/api/logs" });
    await inject({ url: "/api/logs/missing", headers: { authorization: env.token } });
    await inject({ url: "/api/logs/stats?filter=(", headers: { authorization: env.token } });
    const logs = await storedLogs(env.app);
    expect(logs.map((l) => [l.message, l.data.status, l.data.error, l.data.details])).toEqual([
      ["POST /api/health", 404, "Not Found.", "code=404, message=Not Found"],
      ["GET /api/logs", 401, "The request requires valid admin authorization token to be set.", null],
      ["GET /api/logs/missing", 404, "The requested resource wasn't found.", "sql: no rows in result set"],
      ["GET /api/logs/stats?filter=(", 400, "Invalid filter format.", expect.any(String)],
    ]);
  });
});

describe("helpers", () => {
  it("logUrl drops the API's trailing slash only", () => {
    expect(logUrl("/api/")).toBe("/api");
    expect(logUrl("/api/x/?a=1/")).toBe("/api/x?a=1/");
    expect(logUrl("/")).toBe("/");
    expect(logUrl("/_/nope/")).toBe("/_/nope/");
    expect(logUrl("//api//nope")).toBe("//api//nope");
  });

  it("decodeUrl keeps + and malformed escapes", () => {
    expect(decodeUrl("/a?b=%20+c")).toBe("/a?b= +c");
    expect(decodeUrl("/a?b=%zz%20")).toBe("/a?b=%zz%20");
  });

  it("formatFieldErrors matches the reference's text", () => {
    expect(
      formatFieldErrors({
        logs: { maxDays: { code: "validation_min_greater_equal_than_required", message: "Must be no less than 0." } },
        meta: { appName: { code: "validation_required", message: "Cannot be blank." } },
      }),
    ).toBe("logs: (maxDays: must be no less than 0.); meta: (appName: cannot be blank.).");
    expect(
      formatFieldErrors({
        passwordConfirm: { code: "validation_values_mismatch", message: "Values don't match." },
        email: { code: "validation_is_email", message: "Must be a valid email address." },
      }),
    ).toBe("email: must be a valid email address; passwordConfirm: Values don't match..");
    expect(formatFieldErrors({})).toBe("");
  });
});
