/** A PostgreSQL URL with its password replaced by `***`, for logs and error messages. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    // Not a URL: hide anything between "://user:" and "@".
    return url.replace(/(\/\/[^:/@]*:)[^@]*@/, "$1***@");
  }
}

/** Throws a message for the user when `url` is no PostgreSQL URL (postgres:// or postgresql://, with a host). */
export function checkDatabaseUrl(url: string): void {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error(`invalid database URL ${JSON.stringify(redactUrl(url))}: expected postgres://user:password@host:port/name`);
  }
  if (u.protocol !== "postgres:" && u.protocol !== "postgresql:") {
    throw new Error(`invalid database URL ${JSON.stringify(redactUrl(url))}: only PostgreSQL URLs (postgres://user:password@host:port/name) are supported`);
  }
  if (!u.hostname && !u.searchParams.get("host")) throw new Error(`invalid database URL ${JSON.stringify(redactUrl(url))}: no host`);
}

/** The error of a database that could not be opened, worded for the user (the password redacted). */
export function connectError(url: string, err: unknown): Error {
  const reason = err instanceof Error ? err.message : String(err);
  const e = new Error(`cannot open the PostgreSQL database ${redactUrl(url)}: ${reason.split(url).join(redactUrl(url))}`);
  return Object.assign(e, { cause: err });
}
