import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Secret, TOTP } from "otpauth";
import { adminToken, call, type Call } from "../../../test/support/client.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, cairnDataDir, cleanupTempDirs } from "../../../test/support/dataDirs.js";
import { startCairn, type RunningCairn } from "../../../test/support/servers.js";

/**
 * Hostile bodies on every sign-in factor endpoint: missing fields, huge strings, wrong JSON
 * types and non-object bodies are 400s — field errors for what decodes, the reference's
 * "could not load" answer for what does not (as PocketBase v0.23 answers a body that does not
 * bind: empty data) — never a 500, and nothing signs in or changes.
 */

const C = "/api/collections/users";
const PASSWORD = "12345678";
const VALIDATION = "An error occurred while validating the submitted data.";
const LOADING = "An error occurred while loading the submitted data.";
const HUGE = "x".repeat(300_000);

let cairn: RunningCairn;
let admin: string;
let adminId = "";
let userId = "";
let userToken = "";
let userMfaId = "";
let adminMfaId = "";

const req = (c: Call) => call(cairn, c);
const authenticator = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 });

/** Sets up and confirms a factor through `path` (`…/totp`) with the caller's token. */
async function activeFactor(path: string, token: string): Promise<void> {
  const setup = await req({ method: "POST", path, token, body: {} });
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const code = authenticator((setup.body as { secret: string }).secret).generate({ timestamp: Date.now() - 30_000 });
  expect((await req({ method: "POST", path: `${path}/confirm`, token, body: { code } })).status).toBe(204);
}

beforeAll(async () => {
  cairn = await startCairn(await cairnDataDir());
  admin = await adminToken(cairn);
  adminId = ((await req({ path: "/api/admins", token: admin })).body as { items: { id: string }[] }).items[0]!.id;
  expect((await req({ method: "PATCH", path: C, token: admin, body: { options: { otp: { enabled: true } } } })).status).toBe(200);
  const u = await req({ method: "POST", path: `${C}/records`, token: admin, body: { email: "h@example.com", password: PASSWORD, passwordConfirm: PASSWORD } });
  userId = (u.body as { id: string }).id;
  userToken = ((await req({ method: "POST", path: `${C}/auth-with-password`, body: { identity: "h@example.com", password: PASSWORD } })).body as { token: string }).token;
  // Both with an active authenticator app: the removal then needs a code, and a password sign-in opens an MFA session.
  await activeFactor(`${C}/records/${userId}/totp`, userToken);
  await activeFactor(`/api/admins/${adminId}/totp`, admin);
  userMfaId = ((await req({ method: "POST", path: `${C}/auth-with-password`, body: { identity: "h@example.com", password: PASSWORD } })).body as { mfaId: string }).mfaId;
  adminMfaId = ((await req({ method: "POST", path: "/api/admins/auth-with-password", body: { identity: ADMIN_EMAIL, password: ADMIN_PASSWORD } })).body as { mfaId: string }).mfaId;
  expect(userMfaId).toMatch(/^[a-z0-9]{15}$/);
  expect(adminMfaId).toMatch(/^[a-z0-9]{15}$/);
});

afterAll(async () => {
  await cairn?.stop();
  cleanupTempDirs();
});

/** An endpoint, and per hostile body the field errors expected (a list of fields) or LOADING. */
interface Row {
  name: string;
  method: string;
  path: () => string;
  token?: () => string;
  /** Built when the test runs (after the setup made the ids and sessions). */
  cases: () => [body: unknown, expected: string[] | typeof LOADING][];
}

const wrongTypes = (field: string, extra: Record<string, unknown> = {}): [unknown, typeof LOADING][] =>
  [5, { a: 1 }, [], true, [field]].map((v) => [{ ...extra, [field]: v }, LOADING]);
const notObjects: [unknown, typeof LOADING][] = [["nope", LOADING], [[1], LOADING], [42, LOADING]];

const ROWS: Row[] = [
  {
    name: "request-otp", method: "POST", path: () => `${C}/request-otp`,
    cases: () => [[{}, ["email"]], [null, ["email"]], [{ email: "" }, ["email"]], [{ email: HUGE }, ["email"]], [{ email: `${HUGE}@example.com` }, ["email"]], ...wrongTypes("email"), ...notObjects],
  },
  {
    name: "auth-with-otp", method: "POST", path: () => `${C}/auth-with-otp`,
    cases: () => [
      [{}, ["otpId", "password"]], [{ otpId: HUGE, password: HUGE }, ["otpId", "password"]], [{ otpId: "a", password: "1", mfaId: HUGE }, ["mfaId"]],
      ...wrongTypes("otpId", { password: "1" }), ...wrongTypes("password", { otpId: "a" }), ...wrongTypes("mfaId", { otpId: "a", password: "1" }), ...notObjects,
    ],
  },
  {
    name: "auth-with-totp", method: "POST", path: () => `${C}/auth-with-totp`,
    cases: () => [
      [{}, ["code", "mfaId"]], [{ mfaId: HUGE, code: HUGE }, ["code", "mfaId"]], [{ mfaId: userMfaId, code: HUGE }, ["code"]], [{ mfaId: HUGE, code: "123456" }, ["mfaId"]],
      ...wrongTypes("mfaId", { code: "123456" }), ...wrongTypes("code", { mfaId: "a" }), ...notObjects,
    ],
  },
  {
    name: "auth-with-password (mfaId)", method: "POST", path: () => `${C}/auth-with-password`,
    cases: () => wrongTypes("mfaId", { identity: "h@example.com", password: PASSWORD }),
  },
  {
    name: "record totp/confirm", method: "POST", path: () => `${C}/records/${userId}/totp/confirm`, token: () => userToken,
    cases: () => [[{}, ["code"]], [{ code: HUGE }, ["code"]], ...wrongTypes("code"), ...notObjects],
  },
  {
    name: "record totp delete (itself)", method: "DELETE", path: () => `${C}/records/${userId}/totp`, token: () => userToken,
    cases: () => [[{}, ["code"]], [null, ["code"]], [{ code: HUGE }, ["code"]], ...wrongTypes("code"), ...notObjects],
  },
  {
    name: "admin auth-with-totp", method: "POST", path: () => "/api/admins/auth-with-totp",
    cases: () => [[{}, ["code", "mfaId"]], [{ mfaId: HUGE, code: HUGE }, ["code", "mfaId"]], [{ mfaId: adminMfaId, code: HUGE }, ["code"]], ...wrongTypes("mfaId", { code: "123456" }), ...wrongTypes("code", { mfaId: "a" }), ...notObjects],
  },
  {
    name: "admin totp/confirm", method: "POST", path: () => `/api/admins/${adminId}/totp/confirm`, token: () => admin,
    cases: () => [[{}, ["code"]], [{ code: HUGE }, ["code"]], ...wrongTypes("code"), ...notObjects],
  },
  {
    name: "admin totp delete (itself)", method: "DELETE", path: () => `/api/admins/${adminId}/totp`, token: () => admin,
    cases: () => [[{}, ["code"]], [{ code: HUGE }, ["code"]], ...wrongTypes("code"), ...notObjects],
  },
];

describe("sign-in factor endpoints refuse hostile bodies with a 400", () => {
  for (const row of ROWS) {
    it(row.name, async () => {
      for (const [body, expected] of row.cases()) {
        const label = `${row.method} ${row.name} ${JSON.stringify(body)?.slice(0, 40)}`;
        const res = await req({ method: row.method, path: row.path(), token: row.token?.(), rawBody: JSON.stringify(body) });
        expect(res.status, `${label}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(400);
        const answer = res.body as { code: number; message: string; data: Record<string, { code: string; message: string }> };
        if (expected === LOADING) {
          expect(answer, label).toEqual({ code: 400, message: LOADING, data: {} });
        } else {
          expect(answer.message, label).toBe(VALIDATION);
          expect(Object.keys(answer.data), label).toEqual(expected);
          for (const e of Object.values(answer.data)) expect(e.code, label).toMatch(/^validation_/);
        }
      }
    });
  }

  it("left both factors active and both MFA sessions open", async () => {
    const user = await req({ path: `${C}/records/${userId}`, token: admin });
    expect((user.body as { totp?: boolean }).totp).toBe(true);
    const me = await req({ path: `/api/admins/${adminId}`, token: admin });
    expect((me.body as { totp?: boolean }).totp).toBe(true);
    // The sessions are still there: a wrong code is a wrong code (not an unknown session).
    for (const [path, mfaId] of [[`${C}/auth-with-totp`, userMfaId], ["/api/admins/auth-with-totp", adminMfaId]] as const) {
      const res = await req({ method: "POST", path, body: { mfaId, code: "not-a-code" } });
      expect(res.status).toBe(400);
      expect(Object.keys((res.body as { data: object }).data)).toEqual(["code"]);
    }
  });
});
