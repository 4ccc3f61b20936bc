import type { Socket } from "node:net";

/**
 * The largest request head (request line + headers) accepted, in bytes: the reference's
 * limit (its HTTP server's 1 MB default plus the 4 KB of slack it reads past it), instead
 * of Node's 16 KB, so requests with large cookies or tokens that work there work here.
 */
export const MAX_HEADER_BYTES = (1 << 20) + 4096;

const plain = (status: string, body: string) =>
  `HTTP/1.1 ${status}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;

/**
 * Answers a request the HTTP parser refused (headers too large, malformed request) the way
 * the reference does, and says `Connection: close` before closing, so a keep-alive client
 * opens a new connection for its next request instead of failing on this one.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === "ECONNRESET" || socket.destroyed) return;
  if (socket.writable) {
    if (err.code === "HPE_HEADER_OVERFLOW") socket.write(plain("431 Request Header Fields Too Large", "431 Request Header Fields Too Large"));
    else if (err.code === "ERR_HTTP_REQUEST_TIMEOUT") socket.write(plain("408 Request Timeout", "408 Request Timeout"));
    else socket.write(plain("400 Bad Request", "400 Bad Request"));
  }
  socket.destroySoon();
}
