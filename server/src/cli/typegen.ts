import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createApp } from "../app.js";
import { generateTypes, type TypegenCollection } from "../typegen/generate.js";
import { serverBase, serverFetch } from "./serverFetch.js";

export const TYPEGEN_HELP = `Writes TypeScript types for every collection (and a TypedPocketBase for the official SDK).

Usage:
  cairn typegen [--dir DIR | --db URL | --url URL --email EMAIL --password PASSWORD] [--out FILE]

Flags:
      --dir string        read the collections from a data directory (default "cairn_data")
      --db string         read them from a PostgreSQL database (postgres://user:password@host:port/name;
                          default: the CAIRN_DATABASE_URL environment variable)
      --url string        read them from a running server instead, signing in as an admin
      --email string      the admin's email (with --url)
      --password string   the admin's password (with --url)
      --out string        write to this file, creating its folder (default: standard output)`;

type Flags = Record<string, string | boolean>;
/** `--db` / `--dbPool` (cli/flags.ts databaseFlags). */
type DatabaseOptions = { databaseUrl?: string; dbPoolSize?: number };
const str = (v: string | boolean | undefined) => (typeof v === "string" ? v : undefined);

/** The collections of a running server, signed in as an admin; every page of the list. */
async function fromServer(url: string, email: string, password: string): Promise<TypegenCollection[]> {
  const base = serverBase(url);
  const auth = await serverFetch(base, "/api/admins/auth-with-password", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ identity: email, password }),
  });
  const body = (await auth.json().catch(() => ({}))) as { token?: string; message?: string };
  if (!auth.ok || !body.token) throw new Error(`admin sign-in failed (${auth.status}): ${body.message ?? "no token"}`);
  const out: TypegenCollection[] = [];
  for (let page = 1; ; page++) {
    const res = await serverFetch(base, `/api/collections?page=${page}&perPage=200`, { headers: { authorization: body.token } });
    if (!res.ok) throw new Error(`listing the collections failed (${res.status})`);
    const list = (await res.json()) as { items: TypegenCollection[]; totalPages: number };
    out.push(...list.items);
    if (page >= list.totalPages) return out;
  }
}

/** The collections stored in a data directory (which must exist: typegen never creates one). */
async function fromDir(dir: string, database: DatabaseOptions): Promise<TypegenCollection[]> {
  if (!database.databaseUrl && !existsSync(path.join(dir, "data.db"))) throw new Error(`no data directory at ${dir} (data.db is missing)`);
  const app = await createApp({ dataDir: dir, ...database, oneOff: true });
  try {
    return await app.collections.all();
  } finally {
    await app.close();
  }
}

/** `cairn typegen`. Returns the exit code. */
export async function typegenCommand(flags: Flags, out: (s: string) => void, database: DatabaseOptions = {}): Promise<number> {
  if (flags.h || flags.help) {
    out(TYPEGEN_HELP);
    return 0;
  }
  const url = str(flags.url);
  let collections: TypegenCollection[];
  if (url) {
    const email = str(flags.email);
    const password = str(flags.password);
    if (!email || !password) {
      out("Error: --url needs --email and --password (an admin account).");
      return 1;
    }
    collections = await fromServer(url, email, password);
  } else {
    collections = await fromDir(str(flags.dir) ?? "cairn_data", database);
  }
  const text = generateTypes(collections);
  const file = str(flags.out);
  if (!file) {
    process.stdout.write(text);
    return 0;
  }
  // `--out src/pocketbase-types.ts` from a folder without src/ should just work.
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  out(`Wrote types for ${collections.length} collections to ${file}.`);
  return 0;
}
