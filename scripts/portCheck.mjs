// Whether the address `serve` will listen on is free, asked before a build that can take a
// minute, so a busy port is reported at once.
import { createServer } from "node:net";

/** The value of `--http` among the arguments, or the default; undefined when written without a value. */
export function httpFlag(args) {
  for (let i = 0; i < args.length; i++) {
    const m = /^--?http(?:=(.*))?$/.exec(args[i]);
    if (m) return m[1] ?? args[i + 1];
  }
  return "127.0.0.1:8090";
}

/** Resolves to the listen error's code (EADDRINUSE, EACCES, ...), or null when the address is free. */
export function listenProblem(addr) {
  const idx = addr.lastIndexOf(":");
  const host = idx < 0 ? addr : addr.slice(0, idx).replace(/^\[|\]$/g, "") || "0.0.0.0";
  const port = Number(idx < 0 ? "8090" : addr.slice(idx + 1) || "8090");
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", (err) => resolve(err.code ?? "ERROR"));
    try {
      probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve(null)));
    } catch {
      resolve(null); // a malformed address: the server reports it with its own message
    }
  });
}
