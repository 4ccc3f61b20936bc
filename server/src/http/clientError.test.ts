import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { useBothServers } from "../../test/support/bothServers.js";
import type { RunningServer } from "../../test/support/servers.js";

interface RawExchange {
  status: number;
  headers: string;
  /** Whether the server closed the connection after answering. */
  closed: boolean;
}

/** Sends one GET with a header of `size` bytes on a fresh socket and reads what comes back. */
function rawGet(server: RunningServer, size: number): Promise<RawExchange> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let data = "";
    let closed = false;
    const done = () => {
      const head = data.split("\r\n\r\n")[0] ?? "";
      resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1] ?? 0), headers: head.toLowerCase(), closed });
    };
    // A server keeping the connection open gets 2 s to show it; one closing it ends the read early.
    const timer = setTimeout(() => {
      socket.destroy();
      done();
    }, 2000);
    socket.on("data", (d) => (data += d.toString("latin1")));
    socket.on("end", () => {
      closed = true;
      clearTimeout(timer);
      socket.destroy();
      done();
    });
    socket.on("error", (err) => {
      clearTimeout(timer);
      if (data) done();
      else reject(err);
    });
    socket.write(`GET /api/health HTTP/1.1\r\nHost: ${hostname}\r\nX-Big: ${"a".repeat(size)}\r\n\r\n`);
  });
}

describe("request header size", () => {
  const servers = useBothServers();

  it("accepts headers past Node's 16 KB default up to the reference's limit", async () => {
    for (const size of [17_000, 100_000, 1_000_000]) {
      const [a, b] = await Promise.all([rawGet(servers.ref, size), rawGet(servers.cairn, size)]);
      expect([a.status, a.closed], `reference, ${size} bytes`).toEqual([200, false]);
      expect([b.status, b.closed], `cairn, ${size} bytes`).toEqual([200, false]);
    }
  });

  it("refuses larger headers with 431 and Connection: close, and closes the connection", async () => {
    const [a, b] = await Promise.all([rawGet(servers.ref, 1_100_000), rawGet(servers.cairn, 1_100_000)]);
    expect([a.status, a.closed]).toEqual([431, true]);
    expect([b.status, b.closed]).toEqual([431, true]);
    expect(a.headers).toContain("connection: close");
    expect(b.headers).toContain("connection: close");
  });

  it("lets a keep-alive client go on after a refused request", async () => {
    for (let i = 0; i < 3; i++) {
      const big = await fetch(`${servers.cairn.url}/api/health`, { headers: { "x-big": "a".repeat(1_100_000) } });
      expect(big.status).toBe(431);
      await big.text();
      const next = await fetch(`${servers.cairn.url}/api/health`);
      expect(next.status).toBe(200);
      await next.text();
    }
  });
});
