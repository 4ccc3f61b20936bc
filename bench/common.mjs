// Helpers shared by the benchmark scripts.
import { createServer } from "node:net";

const argv = process.argv.slice(2);

/** The value following `--name` on the command line, or `def`. */
export const arg = (name, def) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : def;
};

/** Asks the OS for a free port on 127.0.0.1. */
export const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
