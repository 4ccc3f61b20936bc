/** A listen failure explained for the command line, naming the flag that fixes it. */
export function listenErrorMessage(err: unknown, addr: string): string | null {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === "EADDRINUSE") {
    return `${addr} is already in use (another Cairn or PocketBase running?). Pick another address with --http, e.g. --http 127.0.0.1:8091`;
  }
  if (code === "EACCES") return `no permission to listen on ${addr}: pick a port above 1024 with --http, e.g. --http 127.0.0.1:8090`;
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND") return `cannot listen on ${addr}: the host is not an address of this machine; set it with --http HOST:PORT`;
  return null;
}
