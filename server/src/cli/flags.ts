/**
 * The flags the CLI knows: Cairn's own plus PocketBase's, which are accepted (and mostly
 * ignored) so scripts written for the reference keep working. Anything else is a typo the
 * user should hear about instead of silently running with defaults.
 */
const KNOWN_FLAGS = new Set([
  "h", "help", "v", "version",
  "dir", "dev", "http",
  // typegen
  "url", "email", "password", "out",
  // PocketBase's, accepted for compatibility
  "https", "origins", "automigrate", "encryptionEnv", "hooksDir", "hooksPool", "hooksWatch",
  "indexFallback", "migrationsDir", "publicDir", "queryTimeout",
]);

/** The first unknown flag as the user wrote it (`--foo`, `-x`), or null. */
export function unknownFlag(flags: Record<string, string | boolean>): string | null {
  const name = Object.keys(flags).find((f) => !KNOWN_FLAGS.has(f));
  return name === undefined ? null : (name.length === 1 ? "-" : "--") + name;
}
