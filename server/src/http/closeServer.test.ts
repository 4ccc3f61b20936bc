import { connect } from "node:net";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { closeServer } from "./closeServer.js";

describe("closeServer", () => {
  it("closes connections still busy after the grace period instead of waiting for them forever", async () => {
    const server = Fastify();
    server.post("/upload", async () => ({ ok: true }));
    await server.listen({ host: "127.0.0.1", port: 0 });
    const { port } = server.server.address() as { port: number };
    // A client that announces a body and stops sending it keeps its request in progress.
    const socket = connect(port, "127.0.0.1");
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\npartial");
    const closedByServer = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    await new Promise((r) => setTimeout(r, 100));

    const started = Date.now();
    await closeServer(server, 300);
    await closedByServer;
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("returns at once when nothing is in progress", async () => {
    const server = Fastify();
    server.get("/", async () => "ok");
    await server.listen({ host: "127.0.0.1", port: 0 });
    const { port } = server.server.address() as { port: number };
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200); // leaves an idle keep-alive connection
    const started = Date.now();
    await closeServer(server, 10_000);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
