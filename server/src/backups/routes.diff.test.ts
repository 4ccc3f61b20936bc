import { expect, it } from "vitest";
import { differential, type DiffCase } from "../../test/support/differential.js";
import { download, upload, zipOf } from "../../test/support/backups.js";
import type { Answer } from "../../test/support/client.js";
import { testOnPostgres } from "../../test/support/postgres.js";

/**
 * Every backups endpoint and refusal, sent to Cairn and to the reference binary. Raw error
 * texts name each server's own data directory: they are compared with it cut out.
 */

const json = (method: string, path: string, body?: unknown, auth = true): DiffCase["req"] => (ctx) => ({
  method,
  path,
  body,
  token: auth ? ctx.token : undefined,
});

/** The data directories' paths, as each server names them in raw error texts. */
const dirs = () => ({ cairn: servers().cairn.app.dataDir, ref: servers().ref.dataDir });

/** Compares the answer's message with the reference's once the data dirs are cut out. */
const sameMessage = (): Pick<DiffCase, "compare" | "capture" | "check"> => ({
  compare: "status",
  capture: (a, ctx) => (ctx.vars.message = (a.body as { message: string }).message.replaceAll(dirs().ref, "<dir>")),
  check: (b, ctx) => expect((b.body as { message: string }).message.replaceAll(dirs().cairn, "<dir>")).toBe(ctx.vars.message),
});

/** A generated backup name's timestamp (yyyyMMddHHmmss) replaced by a placeholder. */
const maskBackupTime = (key: string) => key.replace(/_\d{14}\.zip$/, "_<time>.zip");

const cases: DiffCase[] = [
  { name: "list needs an admin", req: json("GET", "/api/backups", undefined, false) },
  { name: "create needs an admin", req: json("POST", "/api/backups", {}, false) },
  { name: "upload needs an admin", req: json("POST", "/api/backups/upload", undefined, false) },
  { name: "delete needs an admin", req: json("DELETE", "/api/backups/x.zip", undefined, false) },
  { name: "restore needs an admin", req: json("POST", "/api/backups/x.zip/restore", undefined, false) },
  { name: "empty list", req: json("GET", "/api/backups") },
  // On PostgreSQL Cairn's health data also names its database.
  { name: "health reports canBackup", req: json("GET", "/api/health"), cairnAdds: testOnPostgres() ? { "data.database": "postgres" } : undefined },
  { name: "name with capitals", req: json("POST", "/api/backups", { name: "Bad.zip" }) },
  { name: "name without .zip", req: json("POST", "/api/backups", { name: "ok" }) },
  { name: "name with a dot", req: json("POST", "/api/backups", { name: "a.b.zip" }) },
  { name: "name with a slash", req: json("POST", "/api/backups", { name: "../x.zip" }) },
  { name: "name too long", req: json("POST", "/api/backups", { name: "a".repeat(200) + ".zip" }) },
  { name: "name of the wrong type", req: json("POST", "/api/backups", { name: 5 }) },
  { name: "malformed body", req: (ctx) => ({ method: "POST", path: "/api/backups", rawBody: '{"name":', token: ctx.token }) },
  { name: "create named", req: json("POST", "/api/backups", { name: "first_one-1.zip" }) },
  { name: "create with an existing name", req: json("POST", "/api/backups", { name: "first_one-1.zip" }) },
  { name: "create with a generated name", req: json("POST", "/api/backups", { name: "" }) },
  {
    name: "list after creating",
    req: json("GET", "/api/backups"),
    compare: "status",
    // The generated names carry each server's own second (they may differ by one): masked.
    capture: (a, ctx) => (ctx.vars.keys = JSON.stringify((a.body as { key: string }[]).map((b) => maskBackupTime(b.key)).sort())),
    check: (b, ctx) => {
      const list = b.body as { key: string; size: number; modified: string }[];
      expect(JSON.stringify(list.map((x) => maskBackupTime(x.key)).sort())).toBe(ctx.vars.keys);
      for (const item of list) {
        expect(item.size).toBeGreaterThan(0);
        expect(item.modified).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}Z$/);
      }
      // Cairn lists newest first (the generated one was made last).
      expect(list[0].key).toMatch(/^pb_backup_acme_\d{14}\.zip$/);
    },
  },
  { name: "delete an unknown key", req: json("DELETE", "/api/backups/nope.zip"), ...sameMessage() },
  { name: "delete a key escaping the folder", req: json("DELETE", "/api/backups/..%2Fdata.db"), ...sameMessage() },
  { name: "restore an unknown key", req: json("POST", "/api/backups/nope.zip/restore") },
  { name: "download without a token", req: json("GET", "/api/backups/first_one-1.zip", undefined, false) },
  { name: "download with a bad token", req: json("GET", "/api/backups/first_one-1.zip?token=abc", undefined, false) },
  { name: "download with an auth token instead of a file token", req: (ctx) => ({ path: `/api/backups/first_one-1.zip?token=${ctx.token}` }) },
  { name: "download with the Authorization header only", req: json("GET", "/api/backups/first_one-1.zip") },
  { name: "delete", req: json("DELETE", "/api/backups/first_one-1.zip") },
  { name: "delete again", req: json("DELETE", "/api/backups/first_one-1.zip"), ...sameMessage() },
  { name: "upload without a body", req: json("POST", "/api/backups/upload") },
  { name: "upload a JSON body", req: json("POST", "/api/backups/upload", {}) },
  { name: "S3 test of the backups filesystem while disabled", req: json("POST", "/api/settings/test/s3", { filesystem: "backups" }) },
  { name: "S3 test of the files filesystem while disabled", req: json("POST", "/api/settings/test/s3", { filesystem: "storage" }) },
];

const { servers } = differential(cases, undefined);

/** Uploads the same file to both servers and expects the same answer (generated names masked). */
async function sameUpload(token: string, file?: Parameters<typeof upload>[2]): Promise<Answer> {
  const { cairn, ref } = servers();
  const [a, b] = await Promise.all([upload(ref, token, file), upload(cairn, token, file)]);
  const masked = (x: Answer) => JSON.stringify(x.body).replace(/_[A-Za-z0-9]{10}\./g, "_<random>.");
  expect(b.status, JSON.stringify(b.body)).toBe(a.status);
  expect(masked(b)).toBe(masked(a));
  return b;
}

it("answers uploads like the reference", async () => {
  const { ref } = servers();
  const token = (await (await fetch(`${ref.url}/api/admins/auth-with-password`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ identity: "admin@example.com", password: "1234567890" }),
  }).then((r) => r.json())) as { token: string }).token;
  const zip = await zipOf({ "data.db": "not really", "x.txt": "x" });
  await sameUpload(token, undefined); // no file part
  await sameUpload(token, { field: "other", name: "a.zip", data: zip }); // wrong field
  await sameUpload(token, { name: "notzip.txt", data: Buffer.from("hello\n") });
  await sameUpload(token, { name: "notzip.zip", data: Buffer.from("hello\n"), type: "application/zip" });
  await sameUpload(token, { name: "uploaded.zip", data: zip });
  await sameUpload(token, { name: "uploaded.zip", data: zip }); // exists
  await sameUpload(token, { name: "Any Name.zip", data: zip }); // upload names are not checked
  const { cairn } = servers();
  const [a, b] = await Promise.all([download(ref, token, "uploaded.zip"), download(cairn, token, "uploaded.zip")]);
  expect(b.status).toBe(200);
  expect(a.status).toBe(200);
  expect(b.data.equals(zip)).toBe(true);
  for (const h of ["content-type", "content-disposition", "content-length", "cache-control", "content-security-policy", "x-frame-options"]) {
    expect(b.headers.get(h), h).toBe(a.headers.get(h));
  }
  const missing = await Promise.all([
    fetch(`${ref.url}/api/backups/nope.zip?token=${await fileToken(ref.url, token)}`).then((r) => r.json()),
    fetch(`${cairn.url}/api/backups/nope.zip?token=${await fileToken(cairn.url, token)}`).then((r) => r.json()),
  ]);
  expect((missing[1] as { message: string }).message.replaceAll(dirs().cairn, "<dir>")).toBe(
    (missing[0] as { message: string }).message.replaceAll(dirs().ref, "<dir>"),
  );
});

async function fileToken(url: string, token: string): Promise<string> {
  const res = await fetch(`${url}/api/files/token`, { method: "POST", headers: { authorization: token } });
  return ((await res.json()) as { token: string }).token;
}
