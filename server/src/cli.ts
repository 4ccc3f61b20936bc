#!/usr/bin/env node
import { createApp } from "./app.js";
import { parseArgs } from "./cli/args.js";
import { adminCommand } from "./cli/admin.js";
import { dataDirProblem } from "./cli/dataDir.js";
import { helpFor } from "./cli/help.js";
import { databaseFlags, readWorkersFlag, timeoutFlag, unknownFlag } from "./cli/flags.js";
import { VERSION } from "./version.js";
import { validEncryptionKey } from "./settings/encryption.js";

async function main(argv: string[]): Promise<number> {
  const parsed = parseArgs(argv);
  const { positionals, flags } = parsed;
  const out = (s: string) => process.stdout.write(s + "\n");
  const badFlag = unknownFlag(parsed) ?? (parsed.missingValue && `flag needs an argument: ${parsed.missingValue}`);
  if (badFlag) {
    out(`Error: ${badFlag}`);
    return 1;
  }
  if (flags.v || flags.version) {
    out(`cairn version ${VERSION}`);
    return 0;
  }
  const [command, ...rest] = positionals;
  if (!command || ((flags.h || flags.help) && command !== "typegen")) {
    out(helpFor(command));
    return command ? 0 : flags.h || flags.help ? 0 : 1;
  }
  const dataDir = typeof flags.dir === "string" ? flags.dir : "cairn_data";
  const dev = flags.dev === true;
  const database = databaseFlags(flags);
  const dirProblem = command === "serve" || command === "admin" || command === "migrate" ? dataDirProblem(dataDir) : null;
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
      const { RecordHookSlot } = await import("./records/writeHooks.js");
      const recordHooks = new RecordHookSlot();
      const app = await createApp({ dataDir, dev, encryptionKey, ...database, readWorkers: readWorkersFlag(flags), warmReadWorkers: true, recordHooks });
      // As PocketBase: the pending pb_migrations files are applied before listening; a failing one stops the start.
      const { applyPendingMigrations, migrationsDirOf } = await import("./cli/migrate.js");
      // Then the pb_hooks files load (a file that fails is logged with its line; the others run).
      const { hooksDirOf, hooksPoolOf, hooksWatchOf, loadHooks } = await import("./cli/hooks.js");
      let hooks;
      try {
        await applyPendingMigrations(app, migrationsDirOf(flags, dataDir), out);
        hooks = await loadHooks(app, hooksDirOf(flags, dataDir), recordHooks, { poolSize: hooksPoolOf(flags), watch: hooksWatchOf(flags) });
      } catch (err) {
        await app.close();
        throw err;
      }
      const http = typeof flags.http === "string" ? flags.http : rest[0] ?? "127.0.0.1:8090";
      await serve(app, { http, out, sharedDir: database.databaseUrl !== undefined, hooks, ...timeouts });
      return -1; // keep running
    }
    case "admin": {
      // Beside running servers of the same database: never takes the leader lease.
      const app = await createApp({ dataDir, dev, encryptionKey, ...database, oneOff: true });
      try {
        return await adminCommand(app, rest, out);
      } finally {
        await app.close();
      }
    }
    case "db": {
      const { dbCommand } = await import("./cli/dbCopy.js");
      return dbCommand(rest, flags, out);
    }
    case "migrate": {
      const { migrateCommand, migrationsDirOf } = await import("./cli/migrate.js");
      const app = await createApp({ dataDir, dev, encryptionKey, ...database, oneOff: true });
      try {
        return await migrateCommand(app, rest, migrationsDirOf(flags, dataDir), out);
      } finally {
        await app.close();
      }
    }
    case "typegen": {
      const { typegenCommand } = await import("./cli/typegen.js");
      return typegenCommand(flags, out, database);
    }
    default:
      out(`Error: unknown command "${command}" for "cairn"\n\n${helpFor(undefined)}`);
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
