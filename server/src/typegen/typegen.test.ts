import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, call } from "../../test/support/client.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, cairnDataDir, cleanupTempDirs, tempDir } from "../../test/support/dataDirs.js";
import { everyFieldType } from "../../test/support/fieldTypes.js";
import { startCairn, type RunningCairn } from "../../test/support/servers.js";
import { generateTypes, typeName } from "./generate.js";

const run = promisify(execFile);
const SERVER_DIR = path.resolve(import.meta.dirname, "../..");
const ROOT = path.resolve(SERVER_DIR, "..");
const TSX = path.join(ROOT, "node_modules/.bin/tsx");
const TSC = path.join(ROOT, "node_modules/typescript/bin/tsc");

/** A program written against the generated types: typed SDK calls, and misuses tsc must refuse. */
const USE = `import PocketBase, { ClientResponseError, type RecordAuthResponse } from "pocketbase";
import { Secret, TOTP } from "otpauth";
import type { EverythingCreate, EverythingResponse, MembersCreate, MembersResponse, MFARequiredResponse, OTPResponse, TitlesResponse, TOTPSetupResponse, TypedPocketBase } from "./types.js";

declare const process: { env: Record<string, string | undefined>; exitCode: number };

const pb = new PocketBase(process.env.CAIRN_URL) as TypedPocketBase;

async function main(): Promise<void> {
  const post = await pb.collection("posts").create({ name: "first post" });
  const input: EverythingCreate = { title: "typed", status: "published", labels: ["a", "c"], parent: post.id, related: [post.id], score: 3, done: true };
  const made: EverythingResponse = await pb.collection("everything").create(input);
  const page = await pb.collection("everything").getList(1, 10, { expand: "parent,related" });
  const first = page.items[0]!;
  const status: "draft" | "published" | "" = first.status;
  const labels: ("a" | "b" | "c")[] = first.labels;
  const parentName: string | undefined = first.expand?.parent?.name;
  const relatedCount: number = first.expand?.related?.length ?? 0;
  const views: TitlesResponse[] = await pb.collection("titles").getFullList();
  const member: MembersCreate = { email: "typed@example.com", password: "12345678", passwordConfirm: "12345678", nick: "t" };
  const created = await pb.collection("members").create(member);
  const verified: boolean = created.verified;

  // Sign-in beyond passwords, through pb.send with the generated answer types.
  const otp = await pb.send<OTPResponse>("/api/collections/members/request-otp", { method: "POST", body: { email: member.email } });
  await pb.collection("members").authWithPassword("typed@example.com", "12345678");
  const setup = await pb.send<TOTPSetupResponse>(\`/api/collections/members/records/\${created.id}/totp\`, { method: "POST" });
  const app = new TOTP({ secret: Secret.fromBase32(setup.secret) });
  await pb.send(\`/api/collections/members/records/\${created.id}/totp/confirm\`, { method: "POST", body: { code: app.generate({ timestamp: Date.now() - 30_000 }) } });
  const me: MembersResponse = await pb.collection("members").getOne(created.id);
  const totp: true | undefined = me.totp;
  pb.authStore.clear();
  let mfa: MFARequiredResponse | null = null;
  try {
    await pb.collection("members").authWithPassword("typed@example.com", "12345678");
  } catch (err) {
    if (err instanceof ClientResponseError) mfa = err.response as MFARequiredResponse;
  }
  const second = await pb.send<RecordAuthResponse<MembersResponse>>("/api/collections/members/auth-with-totp", { method: "POST", body: { mfaId: mfa?.mfaId, code: app.generate() } });
  const signIn = { otpId: otp.otpId.length, recoveryCodes: setup.recoveryCodes.length, totp, mfaCode: mfa?.code, nick: second.record.nick, secondTotp: second.record.totp };

  // @ts-expect-error "nope" is not one of the select's values
  const wrongValue: EverythingCreate = { title: "x", status: "nope" };
  // @ts-expect-error title is required
  const missingTitle: EverythingCreate = {};
  // @ts-expect-error password and passwordConfirm are required for an auth record
  const noPassword: MembersCreate = { email: "x@example.com" };
  // @ts-expect-error a single relation holds one id
  const manyParents: EverythingCreate = { title: "x", parent: ["a", "b"] };
  // @ts-expect-error the flag is true or absent
  const totpOff: MembersResponse["totp"] = false;
  void [wrongValue, missingTitle, noPassword, manyParents, totpOff];

  console.log(JSON.stringify({ id: made.id.length, status, labels, parentName, relatedCount, views: views.length, verified, title: views[0]?.title, signIn }));
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
`;

describe("cairn typegen", () => {
  let cairn: RunningCairn;
  let work: string;

  beforeAll(async () => {
    cairn = await startCairn(await cairnDataDir());
    const token = await adminToken(cairn);
    const posts = await call(cairn, { method: "POST", path: "/api/collections", token, body: { name: "posts", type: "base", schema: [{ name: "name", type: "text" }], listRule: "", viewRule: "", createRule: "" } });
    const postsId = (posts.body as { id: string }).id;
    const rules = { listRule: "", viewRule: "", createRule: "" };
    for (const body of [
      { name: "everything", type: "base", schema: everyFieldType(postsId), ...rules },
      { name: "members", type: "auth", schema: [{ name: "nick", type: "text" }], options: { allowEmailAuth: true, minPasswordLength: 8, otp: { enabled: true } }, ...rules },
      { name: "titles", type: "view", options: { query: "SELECT id, title FROM everything" }, listRule: "", viewRule: "" },
      { name: "2fa_codes", type: "base", schema: [{ name: "code", type: "text", required: true }] },
    ]) {
      const res = await call(cairn, { method: "POST", path: "/api/collections", token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    work = tempDir("cairn-typegen-");
    mkdirSync(path.join(work, "node_modules"));
    for (const pkg of ["pocketbase", "otpauth"]) symlinkSync(path.join(ROOT, "node_modules", pkg), path.join(work, "node_modules", pkg));
    writeFileSync(path.join(work, "package.json"), JSON.stringify({ type: "module" }));
  });

  afterAll(async () => {
    await cairn.stop();
    cleanupTempDirs();
  });

  const cli = (...args: string[]) => run(TSX, ["src/cli.ts", "typegen", ...args], { cwd: SERVER_DIR });

  it("writes the same types from a running server and from its data directory", async () => {
    const fromUrl = path.join(work, "types.ts");
    const res = await cli("--url", cairn.url, "--email", ADMIN_EMAIL, "--password", ADMIN_PASSWORD, "--out", fromUrl);
    // Six: the four above, posts, and the `users` collection every new data directory has.
    expect(res.stdout).toBe(`Wrote types for 6 collections to ${fromUrl}.\n`);
    const fromDir = await cli("--dir", cairn.app.dataDir);
    expect(fromDir.stdout).toBe(readFileSync(fromUrl, "utf8"));
    const text = fromDir.stdout;
    expect(text).toContain('export type EverythingStatusOptions = "draft" | "published";');
    expect(text).toContain('  collection(idOrName: "everything"): RecordService<EverythingResponse>;');
    expect(text).toContain("export interface C2faCodesRecord {\n  code: string;\n}");
    expect(text).toContain('  collection(idOrName: "2fa_codes"): RecordService<C2faCodesResponse>;');
  });

  it("compiles with tsc --strict, and a typed client built on it works against Cairn", async () => {
    writeFileSync(path.join(work, "use.ts"), USE);
    writeFileSync(
      path.join(work, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: { strict: true, target: "es2022", module: "nodenext", moduleResolution: "nodenext", lib: ["es2022", "dom"], types: [], outDir: "out", skipLibCheck: true },
        files: ["types.ts", "use.ts"],
      }),
    );
    const tsc = await run(process.execPath, [TSC, "-p", path.join(work, "tsconfig.json")]).catch((err: { stdout: string }) => err);
    expect(tsc.stdout).toBe("");
    const out = await run(process.execPath, [path.join(work, "out/use.js")], { env: { ...process.env, CAIRN_URL: cairn.url } });
    expect(JSON.parse(out.stdout)).toEqual({
      id: 15, status: "published", labels: ["a", "c"], parentName: "first post", relatedCount: 1, views: 1, verified: false, title: "typed",
      signIn: { otpId: 15, recoveryCodes: 10, totp: true, mfaCode: 401, nick: "t", secondTotp: true },
    });
  });

  it("refuses a bad sign-in and a missing data directory", async () => {
    const bad = await cli("--url", cairn.url, "--email", ADMIN_EMAIL, "--password", "wrong-password").catch((err: { stderr: string; code: number }) => err);
    expect(bad).toMatchObject({ code: 1 });
    expect((bad as { stderr: string }).stderr).toMatch(/admin sign-in failed \(400\)/);
    const missing = await cli("--dir", path.join(work, "nope")).catch((err: { stderr: string; code: number }) => err);
    expect((missing as { stderr: string }).stderr).toMatch(/no data directory/);
  });

  it("names types in PascalCase", () => {
    expect(typeName("user_profiles")).toBe("UserProfiles");
    expect(typeName("odd-name_2")).toBe("OddName2");
    expect(typeName("2fa")).toBe("C2fa");
  });

  it("gives clashing names distinct types", () => {
    const text = generateTypes([
      { id: "a", name: "user_profiles", type: "base", schema: [] },
      { id: "b", name: "userProfiles", type: "base", schema: [{ name: "owner", type: "relation", required: false, options: { collectionId: "a", maxSelect: 1 } }] },
    ]);
    expect(text).toContain("export interface UserProfilesRecord {");
    expect(text).toContain("export interface UserProfiles2Record {");
    const typeOf = (name: string) => new RegExp(`collection\\(idOrName: "${name}"\\): RecordService<(\\w+)Response>`).exec(text)?.[1];
    expect([typeOf("user_profiles"), typeOf("userProfiles")].sort()).toEqual(["UserProfiles", "UserProfiles2"]);
    expect(text).toContain(`  owner?: ${typeOf("user_profiles")}Response;`);
  });

  it("types auth records' totp flag, unless a schema field of that name keeps its own value", () => {
    const text = generateTypes([
      { id: "a", name: "members", type: "auth", schema: [] },
      { id: "b", name: "agents", type: "auth", schema: [{ name: "totp", type: "text", required: false, options: {} }] },
    ]);
    expect(text).toContain("  totp?: true;\n}");
    expect(text).toContain("export type MembersResponse<TExpand = MembersExpand> = MembersRecord & AuthSystemFields<TExpand>;");
    expect(text).toContain('export type AgentsResponse<TExpand = AgentsExpand> = AgentsRecord & Omit<AuthSystemFields<TExpand>, "totp">;');
    for (const t of ["OTPResponse", "MFARequiredResponse", "TOTPSetupResponse"]) expect(text).toContain(`export interface ${t} {`);
  });
});
