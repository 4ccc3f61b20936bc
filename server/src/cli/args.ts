/** Parsed command line: positional words plus `--flag value`, `--flag=value` and bare `--flag` (true). */
export interface ParsedArgs {
  positionals: string[];
  flags: Record<string, string | boolean>;
}

/** Flags that take a value when written as `--flag value`; the rest are booleans. */
const VALUE_FLAGS = new Set(["dir", "http", "https", "origins", "encryptionEnv", "hooksDir", "migrationsDir", "publicDir", "queryTimeout", "hooksPool", "url", "email", "password", "out", "readWorkers", "bodyTimeout", "headersTimeout"]);

export function parseArgs(argv: string[]): ParsedArgs {
  const positionals: string[] = [];
  const flags: Record<string, string | boolean> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--") {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (a.startsWith("-") && a !== "-") {
      const body = a.replace(/^--?/, "");
      const eq = body.indexOf("=");
      if (eq >= 0) {
        const v = body.slice(eq + 1);
        flags[body.slice(0, eq)] = v === "true" ? true : v === "false" ? false : v;
      } else if (VALUE_FLAGS.has(body) && i + 1 < argv.length) {
        flags[body] = argv[++i]!;
      } else {
        flags[body] = true;
      }
      continue;
    }
    positionals.push(a);
  }
  return { positionals, flags };
}
