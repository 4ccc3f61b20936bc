#!/usr/bin/env node
import { createApp } from "./app.js";
import { parseArgs } from "./cli/args.js";
import { adminCommand } from "./cli/admin.js";
import { dataDirProblem } from "./cli/dataDir.js";
import { readWorkersFlag, timeoutFlag, unknownFlag } from "./cli/flags.js";
import { VERSION } from "./version.js";
import { validEncryptionKey } from "./settings/encryption.js";

const HELP = `Cairn — a self-hosted backend speaking the PocketBase v0.22 API

Usage:
  cairn [command]

Available Commands:
  serve       Starts the web server (default to 127.0.0.1:8090)
  admin       Manages admin accounts (create, update, delete)
  typegen     Writes TypeScript types for the collections (see cairn typegen --help)

Flags:
      --dir string    the data directory (default "cairn_data")
      --http string   with serve: the address to listen on (default "127.0.0.1:8090")
      --encryptionEnv NAME  the environment variable whose 32-character value encrypts
                      the stored settings (AES-256-GCM, as PocketBase's option)
      --readWorkers N with serve: worker threads running slow list reads, so cheap
                      requests stay fast meanwhile (default: 2, or 1 on one core; 0: off)
      --dev           print extra diagnostics to stderr
  -h, --help          help for cairn
  -v, --version       version for cairn`;

async function main(argv: string[]): Promise<number> {
  const { positionals, flags } = parseArgs(argv);
  const out = (s: string) => process.stdout.write(s + "\n");
  const badFlag = unknownFlag(flags);
  if (badFlag) {
    out(`Error: unknown flag: ${badFlag}`);
    return 1;
  }
  if (flags.v || flags.version) {
    out(`cairn version ${VERSION}`);
    return 0;
  }
  const [command, ...rest] = positionals;
  if (!command || ((flags.h || flags.help) && command !== "typegen")) {
    out(HELP);
    return command ? 0 : flags.h || flags.help ? 0 : 1;
  }
  const dataDir = typeof flags.dir === "string" ? flags.dir : "cairn_data";
  const dev = flags.dev === true;
  const dirProblem = command === "serve" || command === "admin" ? dataDirProblem(dataDir) : null;
  if (dirProblem) {
    out(`Error: ${dirProblem}`);
    return 1;
  }
  // As PocketBase's --encryptionEnv: the NAME of an environment variable holding the settings key.
  const encryptionKey = typeof flags.encryptionEnv === "string" ? (process.env[flags.encryptionEnv] ?? "") : "";
  if (encryptionKey && !validEncryptionKey(encryptionKey)) {
    throw new Error(`the --encryptionEnv variable must hold a 32 characters key for AES-256 (16 or 24 for AES-128/192; got ${Buffer.byteLength(encryptionKey)} bytes)`);
  }
  switch (command) {
    case "serve": {
      // Loaded on demand so admin commands don't pay for the HTTP stack.
      const { serve } = await import("./cli/serve.js");
      // Read workers boot with the services (and again after a restore reopens them), not inside the first heavy list.
      const timeouts = { bodyTimeoutMs: timeoutFlag(flags, "bodyTimeout"), headersTimeoutMs: timeoutFlag(flags, "headersTimeout") };
      const app = createApp({ dataDir, dev, encryptionKey, readWorkers: readWorkersFlag(flags), warmReadWorkers: true });
      const http = typeof flags.http === "string" ? flags.http : rest[0] ?? "127.0.0.1:8090";
      await serve(app, { http, out, ...timeouts });
      return -1; // keep running
    }
    case "admin": {
      const app = createApp({ dataDir, dev, encryptionKey });
      try {
        return await adminCommand(app, rest, out);
      } finally {
        await app.close();
      }
    }
    case "typegen": {
      const { typegenCommand } = await import("./cli/typegen.js");
      return typegenCommand(flags, out);
    }
    default:
      out(`Error: unknown command "${command}" for "cairn"\n\n${HELP}`);
      return 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`Error: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);
