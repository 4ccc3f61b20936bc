/**
 * Multipart bodies written by hand on a raw socket, for clients fetch cannot play: one that
 * stops halfway, trickles bytes, announces more than it sends, or vanishes at a given point.
 */
import { connect, type Socket } from "node:net";

export const BOUNDARY = "cairnRawBoundary";

/** A text part. */
export const textPart = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

/** The start of a file part, up to its content. */
export const fileHead = (name: string, filename: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;

/** A whole file part. */
export const filePart = (name: string, filename: string, content: string) => `${fileHead(name, filename)}${content}\r\n`;

export const CLOSING = `--${BOUNDARY}--\r\n`;

/** A request head for a multipart body of `length` bytes (announced; the client may send less). */
export function multipartHead(method: string, path: string, length: number, headers: Record<string, string> = {}): string {
  const lines = [`${method} ${path} HTTP/1.1`, "Host: 127.0.0.1", `Content-Type: multipart/form-data; boundary=${BOUNDARY}`, `Content-Length: ${length}`];
  for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
  return lines.join("\r\n") + "\r\n\r\n";
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface RawRequest {
  socket: Socket;
  /** Writes bytes (resolves once they are handed to the OS; rejects once the socket is gone). */
  send(data: string | Buffer): Promise<void>;
  /** The first answer once it is whole; null if the connection closed before one came. */
  answer: Promise<RawAnswer | null>;
  /** Resolves when the connection is closed (by either side). */
  closed: Promise<void>;
}

/** Opens a connection to `url` for a request written by hand. */
export function rawRequest(url: string): Promise<RawRequest> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let data = Buffer.alloc(0);
    let settle!: (a: RawAnswer | null) => void;
    const answer = new Promise<RawAnswer | null>((ok) => (settle = ok));
    const closed = new Promise<void>((ok) => socket.once("close", () => ok()));
    const parse = (): RawAnswer | null => {
      const end = data.indexOf("\r\n\r\n");
      if (end < 0) return null;
      const [line, ...rest] = data.subarray(0, end).toString("latin1").split("\r\n");
      const headers = Object.fromEntries(rest.map((h) => [h.slice(0, h.indexOf(":")).toLowerCase(), h.slice(h.indexOf(":") + 1).trim()]));
      const length = Number(headers["content-length"] ?? NaN);
      const body = data.subarray(end + 4);
      if (Number.isFinite(length) && body.length < length) return null;
      return { status: Number(/^HTTP\/1\.1 (\d+)/.exec(line)?.[1] ?? 0), headers, body: body.subarray(0, Number.isFinite(length) ? length : undefined).toString() };
    };
    socket.on("data", (d: Buffer) => {
      data = Buffer.concat([data, d]);
      const a = parse();
      if (a) settle(a);
    });
    socket.on("close", () => settle(parse()));
    socket.on("error", () => undefined);
    socket.once("connect", () =>
      resolve({
        socket,
        answer,
        closed,
        send: (b) =>
          new Promise((ok, fail) => {
            if (socket.destroyed) return fail(new Error("socket closed"));
            socket.write(b, (err) => (err ? fail(err) : ok()));
          }),
      }),
    );
    socket.once("error", reject);
  });
}
