import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SMTPServer } from "smtp-server";
import { adminToken, call } from "../../test/support/client.js";
import { ADMIN_EMAIL, cairnDataDir, cleanupTempDirs } from "../../test/support/dataDirs.js";
import { freePort } from "../../test/support/ports.js";
import { startCairn, type RunningCairn } from "../../test/support/servers.js";

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on 127.0.0.1 that keeps every message it receives. */
async function startSmtp(): Promise<{ port: number; inbox: Received[]; close(): Promise<void> }> {
  const inbox: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (d: Buffer) => (raw += d.toString("utf8")));
      stream.on("end", () => {
        inbox.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "", to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { port, inbox, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Quoted-printable soft breaks and escapes undone, enough to read a link back. */
function decodeQP(s: string): string {
  return s.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
}

describe("admin password reset by mail", () => {
  let cairn: RunningCairn;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;

  beforeAll(async () => {
    smtp = await startSmtp();
    cairn = await startCairn(await cairnDataDir());
    const token = await adminToken(cairn);
    const res = await call(cairn, {
      method: "PATCH", path: "/api/settings", token,
      body: { meta: { appUrl: "http://cairn.test", senderAddress: "noreply@cairn.test" }, smtp: { enabled: true, host: "127.0.0.1", port: smtp.port, tls: false } },
    });
    expect(res.status).toBe(200);
  });

  afterAll(async () => {
    await cairn?.stop();
    await smtp?.close();
    cleanupTempDirs();
  });

  it("mails a reset link whose token sets a new password and signs out old sessions", async () => {
    const oldToken = await adminToken(cairn);
    const res = await call(cairn, { method: "POST", path: "/api/admins/request-password-reset", body: { email: ADMIN_EMAIL } });
    expect(res.status).toBe(204);
    for (let i = 0; i < 100 && smtp.inbox.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(smtp.inbox).toHaveLength(1);
    const mail = smtp.inbox[0]!;
    expect(mail.to).toEqual([ADMIN_EMAIL]);
    expect(mail.from).toBe("noreply@cairn.test");
    const body = decodeQP(mail.raw);
    const link = body.match(/http:\/\/cairn\.test\/_\/#\/confirm-password-reset\/([\w-]+\.[\w-]+\.[\w-]+)/);
    expect(link, body).not.toBeNull();

    // A second request right away is throttled: no second mail.
    await call(cairn, { method: "POST", path: "/api/admins/request-password-reset", body: { email: ADMIN_EMAIL } });
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.inbox).toHaveLength(1);

    const confirm = await call(cairn, {
      method: "POST", path: "/api/admins/confirm-password-reset",
      body: { token: link![1], password: "new-password-1", passwordConfirm: "new-password-1" },
    });
    expect(confirm.status).toBe(204);
    expect((await call(cairn, { path: "/api/admins", token: oldToken })).status).toBe(401);
    await adminToken(cairn, ADMIN_EMAIL, "new-password-1");
    // The token is single-use: the password change rotated the key it was signed with.
    const again = await call(cairn, {
      method: "POST", path: "/api/admins/confirm-password-reset",
      body: { token: link![1], password: "new-password-2", passwordConfirm: "new-password-2" },
    });
    expect(again.status).toBe(400);
  });
});
