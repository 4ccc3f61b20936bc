import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import PocketBase, { ClientResponseError } from "pocketbase-sdk-batch";
import { Secret, TOTP } from "otpauth";
import { adminToken, call, type Call } from "../../test/support/client.js";
import { cleanupTempDirs, referenceDataDir } from "../../test/support/dataDirs.js";
import { startCairn, type RunningCairn } from "../../test/support/servers.js";
import { startTestSmtp, type TestSmtp } from "../../test/support/smtp.js";

/**
 * Sign-in beyond passwords over HTTP, against a real SMTP server (the mailed codes), a real
 * authenticator library (otpauth) and PocketBase's newer JS SDK (0.26: requestOTP,
 * authWithOTP, `err.response.mfaId`).
 */

const C = "/api/collections/users";
const PASSWORD = "12345678";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let cairn: RunningCairn;
let smtp: TestSmtp;
let admin: string;
let seq = 0;

const req = (c: Call) => call(cairn, c);
const post = (path: string, body: unknown, token?: string) => req({ method: "POST", path, body, token });

async function setOptions(options: Record<string, unknown>): Promise<void> {
  const res = await req({ method: "PATCH", path: C, token: admin, body: { options } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function newUser(extra: Record<string, unknown> = {}): Promise<{ id: string; email: string }> {
  const email = `u${++seq}-${Date.now()}@example.com`;
  const res = await post(`${C}/records`, { email, password: PASSWORD, passwordConfirm: PASSWORD, ...extra }, admin);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: (res.body as { id: string }).id, email };
}

/** The code of the latest OTP mail to `to`. */
async function mailedCode(to: string): Promise<string> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const mail = [...smtp.received].reverse().find((m) => m.envelopeTo.includes(to));
    if (mail) {
      const m = /<strong>(\d+)<\/strong>/.exec(mail.mail.html);
      expect(m, mail.mail.html).not.toBeNull();
      return m![1]!;
    }
    if (Date.now() > deadline) throw new Error(`no OTP mail to ${to}`);
    await sleep(50);
  }
}

const passwordSignIn = (email: string, extra: Record<string, unknown> = {}) => post(`${C}/auth-with-password`, { identity: email, password: PASSWORD, ...extra });
const authenticator = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 });

beforeAll(async () => {
  smtp = await startTestSmtp({ disabledCommands: ["STARTTLS"] });
  cairn = await startCairn(referenceDataDir());
  admin = await adminToken(cairn);
  const res = await req({
    method: "PATCH", path: "/api/settings", token: admin,
    body: { meta: { appName: "Cairn Test", senderAddress: "noreply@cairn.test" }, smtp: { enabled: true, host: "127.0.0.1", port: smtp.port, tls: false } },
  });
  expect(res.status).toBe(200);
});

afterAll(async () => {
  await cairn?.stop();
  await smtp?.close();
  cleanupTempDirs();
});

describe("collection options otp and mfa", () => {
  it("are absent until set, then stored with their defaults", async () => {
    const before = (await req({ path: C, token: admin })).body as { options: Record<string, unknown> };
    expect(before.options.otp).toBeUndefined();
    await setOptions({ otp: { enabled: true } });
    const after = (await req({ path: C, token: admin })).body as { options: Record<string, unknown> };
    expect(after.options.otp).toEqual({ enabled: true, duration: 180, length: 8 });
    await setOptions({ otp: { enabled: false } });
  });

  it("refuse bad values with field errors (400), not a 500", async () => {
    const res = await req({
      method: "PATCH", path: C, token: admin,
      body: { options: { otp: { enabled: "yes", duration: -1, length: 99 }, mfa: { duration: 1.5, rule: "nope ~~ (" } } },
    });
    expect(res.status).toBe(400);
    const data = (res.body as { data: { options: Record<string, Record<string, { code: string }>> } }).data.options;
    expect(Object.keys(data.otp!).sort()).toEqual(["duration", "enabled", "length"]);
    expect(data.mfa!.duration!.code).toBe("validation_in_invalid");
    const bad = await req({ method: "PATCH", path: C, token: admin, body: { options: { mfa: { enabled: true, rule: "nope ~~ (" } } } });
    expect(bad.status).toBe(400);
    expect((bad.body as { data: { options: { mfa: { rule: { code: string } } } } }).data.options.mfa.rule.code).toBe("validation_invalid_rule");
  });
});

describe("email one-time codes", () => {
  beforeEach(() => setOptions({ otp: { enabled: true, duration: 180, length: 8 }, mfa: { enabled: false } }));

  it("are refused (403) while the collection has them off", async () => {
    await setOptions({ otp: { enabled: false } });
    expect((await post(`${C}/request-otp`, { email: "x@example.com" })).status).toBe(403);
    expect((await post(`${C}/auth-with-otp`, { otpId: "x", password: "1" })).status).toBe(403);
  });

  it("sign in with the mailed code (newer SDK), once; the email becomes verified", async () => {
    const u = await newUser();
    const pb = new PocketBase(cairn.url);
    const { otpId } = await pb.collection("users").requestOTP(u.email);
    expect(otpId).toMatch(/^[a-z0-9]{15}$/);
    const code = await mailedCode(u.email);
    expect(code).toMatch(/^\d{8}$/);
    const mail = [...smtp.received].reverse().find((m) => m.envelopeTo.includes(u.email))!;
    expect(mail.mail.subject).toBe("OTP for Cairn Test");
    const auth = await pb.collection("users").authWithOTP(otpId, code);
    expect(auth.record.id).toBe(u.id);
    expect(auth.record.verified).toBe(true);
    expect(typeof auth.token).toBe("string");
    const view = await req({ path: `${C}/records/${u.id}`, token: auth.token });
    expect(view.status).toBe(200);
    // Single use.
    const again = await post(`${C}/auth-with-otp`, { otpId, password: code });
    expect(again.status).toBe(400);
    expect((again.body as { message: string }).message).toBe("Invalid or expired OTP");
  });

  it("answer an unknown email exactly as a known one, and mail nothing", async () => {
    const mails = smtp.received.length;
    const res = await post(`${C}/request-otp`, { email: "nobody-here@example.com" });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body as object)).toEqual(["otpId"]);
    expect((res.body as { otpId: string }).otpId).toMatch(/^[a-z0-9]{15}$/);
    await sleep(300);
    expect(smtp.received.length).toBe(mails);
    expect((await post(`${C}/auth-with-otp`, { otpId: (res.body as { otpId: string }).otpId, password: "12345678" })).status).toBe(400);
  });

  it("burn the otpId after five wrong codes (the right one then fails too)", async () => {
    const u = await newUser();
    const { otpId } = (await post(`${C}/request-otp`, { email: u.email })).body as { otpId: string };
    const code = await mailedCode(u.email);
    const wrong = code === "00000000" ? "11111111" : "00000000";
    for (let i = 0; i < 5; i++) expect((await post(`${C}/auth-with-otp`, { otpId, password: wrong })).status).toBe(400);
    const res = await post(`${C}/auth-with-otp`, { otpId, password: code });
    expect(res.status).toBe(400);
  });

  it("expire after the collection's duration", async () => {
    const u = await newUser();
    const { otpId } = (await post(`${C}/request-otp`, { email: u.email })).body as { otpId: string };
    const code = await mailedCode(u.email);
    const old = new Date(Date.now() - 181_000).toISOString().replace("T", " ");
    await cairn.app.db.transaction((tx) => tx.run(`UPDATE "_otps" SET "created" = ? WHERE "id" = ?`, [old, otpId]));
    expect((await post(`${C}/auth-with-otp`, { otpId, password: code })).status).toBe(400);
  });

  it("are stored hashed, never as the code", async () => {
    const u = await newUser();
    const { otpId } = (await post(`${C}/request-otp`, { email: u.email })).body as { otpId: string };
    const code = await mailedCode(u.email);
    const row = await cairn.app.db.get<{ codeHash: string }>(`SELECT "codeHash" FROM "_otps" WHERE "id" = ?`, [otpId]);
    expect(row!.codeHash).not.toContain(code);
  });

  it("limit requests per email (429 with Retry-After), known or not", async () => {
    const email = `limit-${Date.now()}@example.com`;
    for (let i = 0; i < 5; i++) expect((await post(`${C}/request-otp`, { email })).status).toBe(200);
    const res = await post(`${C}/request-otp`, { email });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("refuse bad input with field errors", async () => {
    const a = await post(`${C}/request-otp`, { email: "not-an-email" });
    expect(a.status).toBe(400);
    expect((a.body as { data: Record<string, { code: string }> }).data.email!.code).toBe("validation_is_email");
    const b = await post(`${C}/auth-with-otp`, {});
    expect(b.status).toBe(400);
    expect(Object.keys((b.body as { data: object }).data).sort()).toEqual(["otpId", "password"]);
    const c = await post(`${C}/auth-with-otp`, { otpId: 5, password: [] });
    expect(c.status).toBe(400);
  });
});

describe("MFA", () => {
  beforeEach(() => setOptions({ otp: { enabled: true }, mfa: { enabled: true, duration: 1800, rule: "" } }));
  afterAll(() => setOptions({ mfa: { enabled: false } }));

  it("password then OTP: 401 with mfaId (read by the newer SDK), then the second method signs in", async () => {
    const u = await newUser();
    const pb = new PocketBase(cairn.url);
    let mfaId = "";
    try {
      await pb.collection("users").authWithPassword(u.email, PASSWORD);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ClientResponseError);
      expect((err as ClientResponseError).status).toBe(401);
      mfaId = (err as ClientResponseError).response.mfaId as string;
    }
    expect(mfaId).toMatch(/^[a-z0-9]{15}$/);
    expect(pb.authStore.token).toBe("");
    const { otpId } = await pb.collection("users").requestOTP(u.email);
    const auth = await pb.collection("users").authWithOTP(otpId, await mailedCode(u.email), { mfaId });
    expect(auth.record.id).toBe(u.id);
    expect(pb.authStore.isValid).toBe(true);
  });

  it("OTP then password: the same, the other way round (mfaId in the body)", async () => {
    const u = await newUser();
    const { otpId } = (await post(`${C}/request-otp`, { email: u.email })).body as { otpId: string };
    const first = await post(`${C}/auth-with-otp`, { otpId, password: await mailedCode(u.email) });
    expect(first.status).toBe(401);
    const body = first.body as { mfaId: string; token?: string; code: number };
    expect(body.code).toBe(401);
    expect(body.token).toBeUndefined();
    const second = await passwordSignIn(u.email, { mfaId: body.mfaId });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect((second.body as { record: { id: string } }).record.id).toBe(u.id);
    // The session is used up.
    expect((await passwordSignIn(u.email, { mfaId: body.mfaId })).status).toBe(400);
  });

  it("refuses the same method twice", async () => {
    const u = await newUser();
    const { mfaId } = (await passwordSignIn(u.email)).body as { mfaId: string };
    const res = await passwordSignIn(u.email, { mfaId });
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toBe("A different authentication method is required.");
  });

  it("refuses a session past the collection's duration", async () => {
    const u = await newUser();
    const { mfaId } = (await passwordSignIn(u.email)).body as { mfaId: string };
    const old = new Date(Date.now() - 1801_000).toISOString().replace("T", " ");
    await cairn.app.db.transaction((tx) => tx.run(`UPDATE "_mfas" SET "created" = ? WHERE "id" = ?`, [old, mfaId]));
    const { otpId } = (await post(`${C}/request-otp`, { email: u.email })).body as { otpId: string };
    const res = await post(`${C}/auth-with-otp?mfaId=${mfaId}`, { otpId, password: await mailedCode(u.email) });
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toBe("Invalid or expired MFA session.");
  });

  it("refuses another account's session", async () => {
    const a = await newUser();
    const b = await newUser();
    const { mfaId } = (await passwordSignIn(a.email)).body as { mfaId: string };
    const { otpId } = (await post(`${C}/request-otp`, { email: b.email })).body as { otpId: string };
    const res = await post(`${C}/auth-with-otp`, { otpId, password: await mailedCode(b.email), mfaId });
    expect(res.status).toBe(400);
  });

  it("asks only the records its rule matches", async () => {
    await setOptions({ mfa: { enabled: true, rule: "verified = true" } });
    const plain = await newUser();
    const checked = await newUser({ verified: true });
    expect((await passwordSignIn(plain.email)).status).toBe(200);
    const res = await passwordSignIn(checked.email);
    expect(res.status).toBe(401);
    expect((res.body as { mfaId: string }).mfaId).toMatch(/^[a-z0-9]{15}$/);
  });
});

describe("TOTP of auth records", () => {
  beforeEach(() => setOptions({ otp: { enabled: true }, mfa: { enabled: false } }));

  async function signedIn(u: { email: string }): Promise<string> {
    const res = await passwordSignIn(u.email);
    expect(res.status).toBe(200);
    return (res.body as { token: string }).token;
  }

  it("setup, confirm, sign-in as second factor, replay refused, recovery code once, delete", async () => {
    const u = await newUser();
    const token = await signedIn(u);
    const setup = await post(`${C}/records/${u.id}/totp`, {}, token);
    expect(setup.status).toBe(200);
    const { secret, uri, recoveryCodes } = setup.body as { secret: string; uri: string; recoveryCodes: string[] };
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    expect(uri.startsWith("otpauth://totp/")).toBe(true);
    expect(recoveryCodes.length).toBeGreaterThanOrEqual(8);
    const app = authenticator(secret);

    // Not active before confirmation: the password alone still signs in.
    expect((await passwordSignIn(u.email)).status).toBe(200);
    expect((await post(`${C}/records/${u.id}/totp/confirm`, { code: "000000" === app.generate() ? "111111" : "000000" }, token)).status).toBe(400);
    const now = Date.now();
    const previous = app.generate({ timestamp: now - 30_000 });
    expect((await post(`${C}/records/${u.id}/totp/confirm`, { code: previous }, token)).status).toBe(204);
    const view = await req({ path: `${C}/records/${u.id}`, token });
    expect((view.body as { totp?: boolean }).totp).toBe(true);
    const other = await newUser();
    const seen = await req({ path: `${C}/records/${u.id}`, token: await signedIn(other) });
    expect((seen.body as { totp?: boolean }).totp).toBeUndefined();

    // Password first, then the app's code.
    const first = await passwordSignIn(u.email);
    expect(first.status).toBe(401);
    const { mfaId } = first.body as { mfaId: string };
    // The step used to confirm cannot sign in (replay).
    expect((await post(`${C}/auth-with-totp`, { mfaId, code: previous })).status).toBe(400);
    const current = app.generate({ timestamp: now });
    const ok = await post(`${C}/auth-with-totp`, { mfaId, code: current });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((ok.body as { record: { id: string; totp?: boolean } }).record.totp).toBe(true);
    // The same code again, with a fresh session: replay refused.
    const again = (await passwordSignIn(u.email)).body as { mfaId: string };
    expect((await post(`${C}/auth-with-totp`, { mfaId: again.mfaId, code: current })).status).toBe(400);
    // A recovery code works once.
    expect((await post(`${C}/auth-with-totp`, { mfaId: again.mfaId, code: recoveryCodes[0] })).status).toBe(200);
    const third = (await passwordSignIn(u.email)).body as { mfaId: string };
    expect((await post(`${C}/auth-with-totp`, { mfaId: third.mfaId, code: recoveryCodes[0] })).status).toBe(400);

    // Delete: the record needs a current code (a recovery code does too); without one, a field error.
    const userToken = (ok.body as { token: string }).token;
    const noCode = await req({ method: "DELETE", path: `${C}/records/${u.id}/totp`, token: userToken, body: {} });
    expect(noCode.status).toBe(400);
    expect((noCode.body as { data: object }).data).toHaveProperty("code");
    expect((await req({ method: "DELETE", path: `${C}/records/${u.id}/totp`, token: userToken, body: { code: recoveryCodes[1] } })).status).toBe(204);
    expect((await passwordSignIn(u.email)).status).toBe(200);
  });

  it("lets an admin set up and remove a record's factor; others are refused", async () => {
    const u = await newUser();
    const other = await newUser();
    const otherToken = await signedIn(other);
    expect((await post(`${C}/records/${u.id}/totp`, {})).status).toBe(401);
    expect((await post(`${C}/records/${u.id}/totp`, {}, otherToken)).status).toBe(403);
    const setup = await post(`${C}/records/${u.id}/totp`, {}, admin);
    expect(setup.status).toBe(200);
    const app = authenticator((setup.body as { secret: string }).secret);
    expect((await post(`${C}/records/${u.id}/totp/confirm`, { code: app.generate() }, admin)).status).toBe(204);
    expect((await passwordSignIn(u.email)).status).toBe(401);
    expect((await req({ method: "DELETE", path: `${C}/records/${u.id}/totp`, token: otherToken })).status).toBe(403);
    expect((await req({ method: "DELETE", path: `${C}/records/${u.id}/totp`, token: admin })).status).toBe(204);
    expect((await req({ method: "DELETE", path: `${C}/records/${u.id}/totp`, token: admin })).status).toBe(404);
    expect((await passwordSignIn(u.email)).status).toBe(200);
  });

  it("refuses bad input with field errors", async () => {
    const res = await post(`${C}/auth-with-totp`, {});
    expect(res.status).toBe(400);
    expect(Object.keys((res.body as { data: object }).data).sort()).toEqual(["code", "mfaId"]);
    expect((await post(`${C}/auth-with-totp`, { mfaId: "nope", code: "123456" })).status).toBe(400);
  });
});

describe("TOTP of admins", () => {
  it("asks for the code after the password; CLI-style reset lets the password alone in again", async () => {
    const me = (await req({ path: "/api/admins", token: admin })).body as { items: { id: string; email: string }[] };
    const self = me.items[0]!;
    // Only the admin itself may set up its app.
    const created = await post("/api/admins", { email: `a${Date.now()}@example.com`, password: "1234567890", passwordConfirm: "1234567890" }, admin);
    expect(created.status).toBe(200);
    expect((await post(`/api/admins/${(created.body as { id: string }).id}/totp`, {}, admin)).status).toBe(403);

    const setup = await post(`/api/admins/${self.id}/totp`, {}, admin);
    expect(setup.status).toBe(200);
    const { secret } = setup.body as { secret: string };
    const app = authenticator(secret);
    expect((await post(`/api/admins/${self.id}/totp/confirm`, { code: app.generate({ timestamp: Date.now() - 30_000 }) }, admin)).status).toBe(204);
    expect(((await req({ path: `/api/admins/${self.id}`, token: admin })).body as { totp?: boolean }).totp).toBe(true);

    const first = await post("/api/admins/auth-with-password", { identity: self.email, password: "1234567890" });
    expect(first.status).toBe(401);
    const { mfaId } = first.body as { mfaId: string };
    expect((await post("/api/admins/auth-with-totp", { mfaId, code: "12" })).status).toBe(400);
    const ok = await post("/api/admins/auth-with-totp", { mfaId, code: app.generate() });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((ok.body as { admin: { id: string; totp?: boolean } }).admin).toMatchObject({ id: self.id, totp: true });
    expect((await post("/api/admins/auth-with-totp", { mfaId, code: app.generate() })).status).toBe(400);

    // The reset (what `cairn admin totp-reset` calls).
    expect(await cairn.app.adminTotp.reset(self.email)).toBe(true);
    expect(await cairn.app.adminTotp.reset(self.email)).toBe(false);
    expect(await cairn.app.adminTotp.reset("nobody@example.com")).toBeNull();
    expect((await post("/api/admins/auth-with-password", { identity: self.email, password: "1234567890" })).status).toBe(200);
  });
});

describe("wrong authenticator codes", () => {
  it("lock the account's second factor after five (429), right codes do not count", async () => {
    await setOptions({ mfa: { enabled: false } });
    const u = await newUser();
    const setup = await post(`${C}/records/${u.id}/totp`, {}, admin);
    const app = authenticator((setup.body as { secret: string }).secret);
    expect((await post(`${C}/records/${u.id}/totp/confirm`, { code: app.generate({ timestamp: Date.now() - 30_000 }) }, admin)).status).toBe(204);
    const { mfaId } = (await passwordSignIn(u.email)).body as { mfaId: string };
    const right = app.generate();
    const wrong = right === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) expect((await post(`${C}/auth-with-totp`, { mfaId, code: wrong })).status).toBe(400);
    const locked = await post(`${C}/auth-with-totp`, { mfaId, code: right });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
