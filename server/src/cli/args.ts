/** Parsed command line: positional words plus `--flag value`, `--flag=value` and bare `--flag` (true). */
export interface ParsedArgs {
  positionals: string[];
  flags: Record<string, string | boolean>;
  /** Each flag as the user wrote it (`--x`, `-x`), for messages about it. */
  written: Record<string, string>;
  /** A value flag written last, with nothing after it (`serve --http`), as written. */
  missingValue?: string;
}

/** Flags that take a value when written as `--flag value`; the rest are booleans. */
const VALUE_FLAGS = new Set(["dir", "http", "https", "origins", "encryptionEnv", "hooksDir", "migrationsDir", "publicDir", "queryTimeout", "hooksPool", "url", "email", "password", "out", "readWorkers", "db", "dbPool", "from", "to", "bodyTimeout", "headersTimeout"]);

export function parseArgs(argv: string[]): ParsedArgs {
  const parsed: ParsedArgs = { positionals: [], flags: {}, written: {} };
  const { positionals, flags, written } = parsed;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--") {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (a.startsWith("-") && a !== "-") {
      const body = a.replace(/^--?/, "");
      const eq = body.indexOf("=");
      const name = eq >= 0 ? body.slice(0, eq) : body;
      written[name] = a.slice(0, a.length - body.length + name.length);
      if (eq >= 0) {
        const v = body.slice(eq + 1);
        flags[name] = v === "true" ? true : v === "false" ? false : v;
      } else if (VALUE_FLAGS.has(name) && i + 1 < argv.length) {
        flags[name] = argv[++i]!;
      } else {
        // A value flag with nothing after it would otherwise quietly fall back to its default.
        if (VALUE_FLAGS.has(name)) parsed.missingValue ??= written[name];
        flags[name] = true;
      }
      continue;
    }
    positionals.push(a);
  }
  return parsed;
}
