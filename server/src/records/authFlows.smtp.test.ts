import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { peekToken } from "../auth/tokens.js";
import { recordsRepo } from "../db/records.js";
import { adminToken, call } from "../../test/support/client.js";
import { cleanupTempDirs, referenceDataDir } from "../../test/support/dataDirs.js";
import { startCairn, type RunningCairn } from "../../test/support/servers.js";
import { startTestSmtp, type TestSmtp } from "../../test/support/smtp.js";

const C = "/api/collections/users";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The token at the end of a mailed action link (`{APP_URL}/_/#/auth/<action>/<token>`). */
function linkToken(html: string, action: string): string {
  const m = new RegExp(`http://cairn\\.test/_/#/auth/${action}/([\\w-]+\\.[\\w-]+\\.[\\w-]+)`).exec(html);
  expect(m, html).not.toBeNull();
  return m![1]!;
}

describe("auth record mail flows over a real SMTP server", () => {
  let cairn: RunningCairn;
  let smtp: TestSmtp;
  let admin: string;
  let userId: string;

  beforeAll(async () => {
    smtp = await startTestSmtp({ disabledCommands: ["STARTTLS"] });
    cairn = await startCairn(referenceDataDir());
    admin = await adminToken(cairn);
    const res = await call(cairn, {
      method: "PATCH", path: "/api/settings", token: admin,
      body: { meta: { appName: "Cairn Test", appUrl: "http://cairn.test", senderAddress: "noreply@cairn.test" }, smtp: { enabled: true, host: "127.0.0.1", port: smtp.port, tls: false } },
    });
    expect(res.status).toBe(200);
    const created = await call(cairn, {
      method: "POST", path: `${C}/records`, token: admin,
      body: { email: "dana@example.com", password: "12345678", passwordConfirm: "12345678" },
    });
    expect(created.status).toBe(200);
    userId = (created.body as { id: string }).id;
  });

  afterAll(async () => {
    await cairn?.stop();
    await smtp?.close();
    cleanupTempDirs();
  });

  const view = async () => (await call(cairn, { path: `${C}/records/${userId}`, token: admin })).body as Record<string, unknown>;

  it("verification: mails a link whose token verifies the record; resends are throttled", async () => {
    const res = await call(cairn, { method: "POST", path: `${C}/request-verification`, body: { email: "dana@example.com" } });
    expect(res.status).toBe(204);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.envelopeTo).toEqual(["dana@example.com"]);
    expect(mail!.mail.subject).toBe("Verify your Cairn Test email");
    const token = linkToken(mail!.mail.html, "confirm-verification");
    expect(peekToken(token)).toMatchObject({ id: userId, type: "authRecord", collectionId: "_pb_users_auth_", email: "dana@example.com" });

    // Within two minutes of the last mail: no new mail.
    await call(cairn, { method: "POST", path: `${C}/request-verification`, body: { email: "dana@example.com" } });
    await sleep(300);
    expect(smtp.received).toHaveLength(1);
    // Two minutes later: a new mail.
    const past = new Date(Date.now() - 121_000).toISOString().replace("T", " ");
    await recordsRepo.update(cairn.app.db, "users", userId, { lastVerificationSentAt: past });
    await call(cairn, { method: "POST", path: `${C}/request-verification`, body: { email: "dana@example.com" } });
    await smtp.waitFor(2);

    expect((await view()).verified).toBe(false);
    const confirm = await call(cairn, { method: "POST", path: `${C}/confirm-verification`, body: { token } });
    expect(confirm.status).toBe(204);
    expect((await view()).verified).toBe(true);

    // A verified record gets no more verification mails.
    await recordsRepo.update(cairn.app.db, "users", userId, { lastVerificationSentAt: "" });
    await call(cairn, { method: "POST", path: `${C}/request-verification`, body: { email: "dana@example.com" } });
    await sleep(300);
    expect(smtp.received).toHaveLength(2);
  });

  it("password reset: the mailed token sets a new password and ends old sessions", async () => {
    const signIn = (password: string) => call(cairn, { method: "POST", path: `${C}/auth-with-password`, body: { identity: "dana@example.com", password } });
    const old = (await signIn("12345678")).body as { token: string };
    const n = smtp.received.length;
    const res = await call(cairn, { method: "POST", path: `${C}/request-password-reset`, body: { email: "dana@example.com" } });
    expect(res.status).toBe(204);
    const mail = (await smtp.waitFor(n + 1))[n]!;
    expect(mail.envelopeTo).toEqual(["dana@example.com"]);
    expect(mail.mail.subject).toBe("Reset your Cairn Test password");
    const token = linkToken(mail.mail.html, "confirm-password-reset");

    await call(cairn, { method: "POST", path: `${C}/request-password-reset`, body: { email: "dana@example.com" } });
    await sleep(300);
    expect(smtp.received).toHaveLength(n + 1);

    const short = await call(cairn, { method: "POST", path: `${C}/confirm-password-reset`, body: { token, password: "short", passwordConfirm: "short" } });
    expect(short.status).toBe(400);
    const confirm = await call(cairn, { method: "POST", path: `${C}/confirm-password-reset`, body: { token, password: "brand-new-pass", passwordConfirm: "brand-new-pass" } });
    expect(confirm.status).toBe(204);
    expect((await signIn("12345678")).status).toBe(400);
    expect((await signIn("brand-new-pass")).status).toBe(200);
    const refresh = await call(cairn, { method: "POST", path: `${C}/auth-refresh`, token: old.token });
    expect(refresh.status).toBe(401);
  });

  it("email change: mails the new address; confirming with the password switches the email", async () => {
    const auth = (await call(cairn, { method: "POST", path: `${C}/auth-with-password`, body: { identity: "dana@example.com", password: "brand-new-pass" } })).body as { token: string };
    const n = smtp.received.length;
    const res = await call(cairn, { method: "POST", path: `${C}/request-email-change`, token: auth.token, body: { newEmail: "dana.new@example.com" } });
    expect(res.status).toBe(204);
    const mail = (await smtp.waitFor(n + 1))[n]!;
    expect(mail.envelopeTo).toEqual(["dana.new@example.com"]);
    expect(mail.mail.subject).toBe("Confirm your Cairn Test new email address");
    const token = linkToken(mail.mail.html, "confirm-email-change");
    expect(peekToken(token)).toMatchObject({ id: userId, email: "dana@example.com", newEmail: "dana.new@example.com" });

    const wrong = await call(cairn, { method: "POST", path: `${C}/confirm-email-change`, body: { token, password: "nope" } });
    expect(wrong.status).toBe(400);
    expect((await view()).email).toBe("dana@example.com");
    const confirm = await call(cairn, { method: "POST", path: `${C}/confirm-email-change`, body: { token, password: "brand-new-pass" } });
    expect(confirm.status).toBe(204);
    const after = await view();
    expect(after.email).toBe("dana.new@example.com");
    expect(after.verified).toBe(true);
    const signIn = await call(cairn, { method: "POST", path: `${C}/auth-with-password`, body: { identity: "dana.new@example.com", password: "brand-new-pass" } });
    expect(signIn.status).toBe(200);
  });

  it("email change: a mail failure is a 400", async () => {
    await call(cairn, { method: "PATCH", path: "/api/settings", token: admin, body: { smtp: { enabled: true, host: "127.0.0.1", port: 1, tls: false } } });
    const auth = (await call(cairn, { method: "POST", path: `${C}/auth-with-password`, body: { identity: "dana.new@example.com", password: "brand-new-pass" } })).body as { token: string };
    const res = await call(cairn, { method: "POST", path: `${C}/request-email-change`, token: auth.token, body: { newEmail: "other@example.com" } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, message: "Failed to request email change.", data: {} });
  });
});
