import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, type App } from "../app.js";
import { closeServer } from "../http/closeServer.js";
import { buildServer } from "../http/server.js";
import { cleanupTempDirs, tempDir } from "../../test/support/dataDirs.js";
import { freePort } from "../../test/support/ports.js";
import { freshDatabase } from "../../test/support/postgres.js";

const SERVER_DIR = path.resolve(import.meta.dirname, "../..");
const TSX = path.resolve(SERVER_DIR, "../node_modules/.bin/tsx");

function cairn(args: string[], env: NodeJS.ProcessEnv = {}): { out: string; code: number | null } {
  const res = spawnSync(TSX, [path.join(SERVER_DIR, "src/cli.ts"), ...args], { cwd: SERVER_DIR, encoding: "utf8", timeout: 90_000, env: { ...process.env, ...env } });
  return { out: res.stdout + res.stderr, code: res.status };
}

/**
 * Cairn on PostgreSQL end to end: the CLI creates the schema and an admin with --db, a server on
 * the same database answers the admin's calls, and the data directory holds no database file.
 */
describe("cairn --db postgres://…", () => {
  let url: string;
  let dir: string;
  let app: App;
  let base: string;
  let stop: () => Promise<void>;
  let token: string;

  beforeAll(async () => {
    url = await freshDatabase();
    dir = tempDir();
  });

  afterAll(async () => {
    await stop?.();
    cleanupTempDirs();
  });

  const api = async (method: string, route: string, body?: unknown) => {
    const res = await fetch(base + route, {
      method,
      headers: { ...(token ? { authorization: token } : {}), ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };

  it("creates an admin through the CLI, keeping no database in --dir", () => {
    expect(cairn(["admin", "create", "admin@example.com", "1234567890", "--dir", dir, "--db", url])).toEqual({
      out: "Successfully created new admin admin@example.com!\n",
      code: 0,
    });
    // CAIRN_DATABASE_URL works as --db does: the admin is there.
    expect(cairn(["admin", "create", "admin@example.com", "1234567890", "--dir", dir], { CAIRN_DATABASE_URL: url }).out).toMatch(/already exists/);
    // The other commands read the same database.
    expect(cairn(["admin", "update", "admin@example.com", "0987654321", "--dir", dir, "--db", url])).toEqual({
      out: "Successfully changed admin admin@example.com password!\n",
      code: 0,
    });
    expect(cairn(["admin", "update", "admin@example.com", "1234567890", "--dir", dir, "--db", url, "--dbPool", "2"]).code).toBe(0);
    const types = cairn(["typegen", "--dir", dir, "--db", url]);
    expect(types.code).toBe(0);
    expect(types.out).toContain("export interface UsersRecord {");
    expect(readdirSync(dir).filter((f) => f.endsWith(".db"))).toEqual([]);
    expect(existsSync(path.join(dir, "data.db"))).toBe(false);
  }, 200_000);

  it("refuses an unreachable database with one line, password redacted", () => {
    const res = cairn(["admin", "create", "a@example.com", "1234567890", "--dir", tempDir(), "--db", "postgres://me:s3cret@127.0.0.1:1/none"]);
    expect(res.code).toBe(1);
    expect(res.out).toBe("Error: cannot open the PostgreSQL database postgres://me:***@127.0.0.1:1/none: connect ECONNREFUSED 127.0.0.1:1\n");
  }, 100_000);

  it("serves the admin's sign-in, settings, collections, records and logs", async () => {
    app = await createApp({ dataDir: dir, databaseUrl: url, dbPoolSize: 4 });
    const server = buildServer(app);
    const port = await freePort();
    await server.listen({ host: "127.0.0.1", port });
    base = `http://127.0.0.1:${port}`;
    stop = async () => {
      await closeServer(server, 2000);
      await app.close();
    };

    // The health check names the engine (the dashboard's view editor then speaks PostgreSQL's SQL).
    const healthy = { code: 200, message: "API is healthy.", data: { canBackup: true, database: "postgres" } };
    expect(await (await fetch(`${base}/api/health`)).json()).toEqual(healthy);
    const signIn = await api("POST", "/api/admins/auth-with-password", { identity: "admin@example.com", password: "1234567890" });
    expect(signIn.status).toBe(200);
    expect(signIn.body.admin.email).toBe("admin@example.com");
    token = signIn.body.token;
    expect((await api("GET", "/api/health")).body).toEqual(healthy); // with a token: the routed answer

    const settings = await api("GET", "/api/settings");
    expect(settings.status).toBe(200);
    expect(settings.body.meta.appName).toBe("Acme");
    expect((await api("PATCH", "/api/settings", { meta: { appName: "On PostgreSQL" } })).status).toBe(200);
    expect((await api("GET", "/api/settings")).body.meta.appName).toBe("On PostgreSQL");

    const collections = await api("GET", "/api/collections");
    expect(collections.status).toBe(200);
    expect(collections.body.items.map((c: { name: string }) => c.name)).toEqual(["users"]);
    expect(collections.body.totalItems).toBe(1);

    const created = await api("POST", "/api/collections/users/records", {
      username: "alice",
      email: "alice@example.com",
      password: "1234567890",
      passwordConfirm: "1234567890",
      name: "Alice",
    });
    expect(created.status).toBe(200);
    const id = created.body.id as string;
    expect(id).toMatch(/^[a-z0-9]{15}$/);
    expect(created.body.created).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(created.body).toMatchObject({ username: "alice", name: "Alice", verified: false, emailVisibility: false });

    expect((await api("GET", `/api/collections/users/records/${id}`)).body.name).toBe("Alice");
    const updated = await api("PATCH", `/api/collections/users/records/${id}`, { name: "Alice B" });
    expect(updated.status).toBe(200);
    expect(updated.body.name).toBe("Alice B");
    const list = await api("GET", "/api/collections/users/records?filter=" + encodeURIComponent("name ~ 'alice'"));
    expect(list.status).toBe(200);
    expect(list.body.items.map((r: { id: string }) => r.id)).toEqual([id]);
    // The unique username is enforced with the reference's field error.
    const dup = await api("POST", "/api/collections/users/records", { username: "alice", password: "1234567890", passwordConfirm: "1234567890" });
    expect(dup.status).toBe(400);
    expect(dup.body.data.username.code).toBe("validation_invalid_username");
    expect((await api("DELETE", `/api/collections/users/records/${id}`)).status).toBe(204);
    expect((await api("GET", `/api/collections/users/records/${id}`)).status).toBe(404);

    await app.logs.flush();
    const logs = await api("GET", "/api/logs?sort=-rowid&perPage=5");
    expect(logs.status).toBe(200);
    expect(logs.body.totalItems).toBeGreaterThan(5);
    expect(logs.body.items[0].data.url).toMatch(/^\/api\//);
  }, 120_000);
});
