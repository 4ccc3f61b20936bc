import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { useBothServers } from "../../test/support/bothServers.js";
import type { RunningServer } from "../../test/support/servers.js";
import { adminToken } from "../../test/support/client.js";
import { testOnPostgres } from "../../test/support/postgres.js";

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function get(server: RunningServer, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, server.url), { headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => {
        const { date: _date, ...rest } = res.headers as Record<string, string>;
        resolve({ status: res.statusCode!, headers: rest, body });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

describe("GET /api/health fast path", () => {
  const servers = useBothServers();

  it("answers exactly what the routed health check answers", async () => {
    const fast = await get(servers.cairn, "/api/health");
    // A trailing slash and a token both take Fastify's route.
    const routed = await get(servers.cairn, "/api/health/");
    const withToken = await get(servers.cairn, "/api/health", { authorization: await adminToken(servers.cairn) });
    expect(fast.status).toBe(200);
    expect(fast).toEqual(routed);
    expect(fast).toEqual(withToken);
    expect(await get(servers.cairn, "/api/health?probe=1")).toEqual(fast);
  });

  it("has the reference's status, body and headers", async () => {
    const [mine, theirs] = await Promise.all([get(servers.cairn, "/api/health"), get(servers.ref, "/api/health")]);
    expect(mine.status).toBe(theirs.status);
    // On PostgreSQL Cairn's health data also names its database; the rest is the reference's.
    const expected = JSON.parse(theirs.body) as { data: Record<string, unknown> };
    if (testOnPostgres()) expected.data.database = "postgres";
    expect(JSON.parse(mine.body)).toEqual(expected);
    expect(mine.body.endsWith("\n")).toBe(true);
    for (const h of ["content-type", "x-content-type-options", "x-frame-options", "x-xss-protection"]) {
      expect(mine.headers[h], h).toBe(theirs.headers[h]);
    }
  });

  it("keeps other paths and methods on the router", async () => {
    expect((await get(servers.cairn, "/api/healthz")).status).toBe(404);
    expect((await get(servers.ref, "/api/healthz")).status).toBe(404);
    const head = await new Promise<number>((resolve, reject) => {
      const req = request(new URL("/api/health", servers.cairn.url), { method: "HEAD" }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on("error", reject);
      req.end();
    });
    expect(head).toBe(200);
  });
});
