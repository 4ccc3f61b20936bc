import { connect } from "node:net";
import type { RunningServer } from "./servers.js";

/**
 * Sends one request with the request line exactly as given (fetch would normalise the
 * target: percent-escapes, absolute form, trailing slashes) on a fresh socket with
 * `Connection: close`, and returns the answer's status.
 */
export function rawStatus(server: RunningServer, method: string, target: string, body?: unknown): Promise<number> {
  const { hostname, port } = new URL(server.url);
  const text = body === undefined ? "" : JSON.stringify(body);
  const head = [`${method} ${target} HTTP/1.1`, `Host: ${hostname}:${port}`, "Connection: close", `Content-Length: ${Buffer.byteLength(text)}`];
  if (body !== undefined) head.push("Content-Type: application/json");
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let data = "";
    socket.on("data", (d) => (data += d.toString("latin1")));
    socket.on("close", () => resolve(Number(/^HTTP\/1\.1 (\d+)/.exec(data)?.[1] ?? 0)));
    socket.on("error", reject);
    socket.write(`${head.join("\r\n")}\r\n\r\n${text}`);
  });
}
