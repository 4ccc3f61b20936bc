import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createApp, type App } from "../app.js";
import { findSendmail, Mailer, type MailerOptions, type MailMessage } from "./mailer.js";
import type { Settings } from "../models/settings.js";
import { cleanupTempDirs, tempDir } from "../../test/support/dataDirs.js";
import { startTestSmtp, type TestSmtp } from "../../test/support/smtp.js";

let app: App;
let smtp: TestSmtp | null = null;
const mailers: Mailer[] = [];

beforeEach(async () => {
  app = await createApp({ dataDir: tempDir() });
});

afterEach(async () => {
  for (const m of mailers.splice(0)) m.close();
  await smtp?.close();
  smtp = null;
  await app.close();
  cleanupTempDirs();
});

function mailer(opts: MailerOptions = {}): Mailer {
  const m = new Mailer(app.settings, app.events, opts);
  mailers.push(m);
  return m;
}

async function setSmtp(smtpSettings: Partial<Settings["smtp"]>, meta: Partial<Settings["meta"]> = {}): Promise<void> {
  const s = app.settings.get();
  await app.settings.save({ ...s, meta: { ...s.meta, ...meta }, smtp: { ...s.smtp, enabled: true, host: "127.0.0.1", username: "", password: "", authMethod: "", tls: false, localName: "", ...smtpSettings } });
}

const message: MailMessage = {
  to: [{ address: "to@example.com", name: "Receiver" }],
  subject: "Hello there",
  html: '<p>Hi <b>you</b>,</p><p><a href="https://example.com/x?a=1&amp;b=2">Open</a></p>',
};

describe("Mailer over SMTP", () => {
  it("sends from the sender settings with an html body and a generated text part", async () => {
    smtp = await startTestSmtp({ disabledCommands: ["STARTTLS"] });
    await setSmtp({ port: smtp.port });
    await mailer().send(message);
    const [got] = await smtp.waitFor(1);
    expect(got.envelopeFrom).toBe("support@example.com");
    expect(got.envelopeTo).toEqual(["to@example.com"]);
    expect(got.clientName).toBe("localhost");
    expect(got.secure).toBe(false);
    expect(got.auth).toBeNull();
    expect(got.mail.from).toBe("Support <support@example.com>");
    expect(got.mail.to).toBe("Receiver <to@example.com>");
    expect(got.mail.subject).toBe("Hello there");
    expect(got.mail.html).toBe(message.html);
    expect(got.mail.text).toBe("Hi you,\n\nOpen (https://example.com/x?a=1&b=2)");
  });

  it("uses localName as the EHLO name and encodes non-ASCII headers", async () => {
    smtp = await startTestSmtp({ disabledCommands: ["STARTTLS"] });
    await setSmtp({ port: smtp.port, localName: "mail.example.org" }, { senderName: "Zoë's app", senderAddress: "noreply@example.org" });
    await mailer().send({ ...message, subject: "Grüße — ✓", text: "plain" });
    const [got] = await smtp.waitFor(1);
    expect(got.clientName).toBe("mail.example.org");
    expect(got.mail.from).toContain("Zoë's app");
    expect(got.mail.from).toContain("<noreply@example.org>");
    expect(got.mail.subject).toBe("Grüße — ✓");
    expect(got.mail.text).toBe("plain");
  });

  it.each(["PLAIN", "LOGIN"])("signs in with %s", async (method) => {
    smtp = await startTestSmtp({ disabledCommands: ["STARTTLS"], users: { user1: "pass 1" } });
    await setSmtp({ port: smtp.port, username: "user1", password: "pass 1", authMethod: method });
    await mailer().send(message);
    const [got] = await smtp.waitFor(1);
    expect(got.auth).toEqual({ method, username: "user1", password: "pass 1" });
  });

  it("defaults to PLAIN when no auth method is set", async () => {
    smtp = await startTestSmtp({ disabledCommands: ["STARTTLS"], users: { user1: "pw" } });
    await setSmtp({ port: smtp.port, username: "user1", password: "pw", authMethod: "" });
    await mailer().send(message);
    expect((await smtp.waitFor(1))[0].auth?.method).toBe("PLAIN");
  });

  it("rejects when the server refuses the credentials", async () => {
    smtp = await startTestSmtp({ disabledCommands: ["STARTTLS"], users: { user1: "right" } });
    await setSmtp({ port: smtp.port, username: "user1", password: "wrong", authMethod: "LOGIN" });
    await expect(mailer().send(message)).rejects.toThrow(/Invalid username or password/);
    expect(smtp.received).toHaveLength(0);
  });

  it("rejects when the server wants auth and none is configured", async () => {
    smtp = await startTestSmtp({ disabledCommands: ["STARTTLS"], users: { user1: "pw" } });
    await setSmtp({ port: smtp.port });
    await expect(mailer().send(message)).rejects.toThrow(/auth/i);
  });

  it("upgrades with STARTTLS when the server offers it", async () => {
    smtp = await startTestSmtp({});
    await setSmtp({ port: smtp.port, tls: false });
    await mailer({ tls: { rejectUnauthorized: false } }).send(message);
    expect((await smtp.waitFor(1))[0].secure).toBe(true);
  });

  it("verifies the certificate on STARTTLS by default", async () => {
    smtp = await startTestSmtp({}); // smtp-server's built-in certificate is self-signed
    await setSmtp({ port: smtp.port, tls: false });
    await expect(mailer().send(message)).rejects.toThrow(/certificate/i);
  });

  it("speaks TLS from the first byte when tls is on", async () => {
    smtp = await startTestSmtp({ secure: true });
    await setSmtp({ port: smtp.port, tls: true });
    await mailer({ tls: { rejectUnauthorized: false } }).send(message);
    const [got] = await smtp.waitFor(1);
    expect(got.secure).toBe(true);
    expect(got.mail.subject).toBe("Hello there");
  });

  it("fails against a plain server when tls is on", async () => {
    smtp = await startTestSmtp({ disabledCommands: ["STARTTLS"] });
    await setSmtp({ port: smtp.port, tls: true });
    await expect(mailer({ tls: { rejectUnauthorized: false }, connectTimeoutMs: 2000 }).send(message)).rejects.toThrow();
  });

  it("reports an unreachable server", async () => {
    smtp = await startTestSmtp({});
    const port = smtp.port;
    await smtp.close();
    smtp = null;
    await setSmtp({ port });
    await expect(mailer().send(message)).rejects.toThrow(/ECONNREFUSED/);
  });

  it("reuses its transport until the smtp settings change, and closes it", async () => {
    smtp = await startTestSmtp({ disabledCommands: ["STARTTLS"] });
    await setSmtp({ port: smtp.port });
    const m = mailer();
    const current = () => (m as unknown as { transport: { transport: unknown } | null }).transport?.transport ?? null;
    await m.send(message);
    const first = current();
    await m.send(message);
    expect(current()).toBe(first);
    const s = app.settings.get();
    await app.settings.save({ ...s, meta: { ...s.meta, appName: "Other" } }); // not an smtp change
    expect(current()).toBe(first);
    await setSmtp({ port: smtp.port, localName: "changed.example.com" });
    expect(current()).toBeNull();
    await m.send(message);
    expect(current()).not.toBe(first);
    expect((await smtp.waitFor(3))[2].clientName).toBe("changed.example.com");
    m.close();
    expect(current()).toBeNull();
  });

  it("rejects a message without recipients", async () => {
    await expect(mailer().send({ ...message, to: [] })).rejects.toThrow(/recipients/);
  });
});

describe("Mailer through sendmail", () => {
  let savedPath: string | undefined;
  beforeEach(() => {
    savedPath = process.env.PATH;
  });
  afterEach(() => {
    process.env.PATH = savedPath;
  });

  /** A stand-in `sendmail` (the real one cannot run here) that records its arguments and stdin. */
  function fakeSendmail(): { dir: string; out: string } {
    const dir = tempDir("fake-sendmail-");
    const out = path.join(dir, "out.txt");
    const script = path.join(dir, "sendmail");
    writeFileSync(script, `#!/bin/sh\necho "ARGS: $*" > "${out}"\ncat >> "${out}"\n`);
    chmodSync(script, 0o755);
    return { dir, out };
  }

  it("pipes the message to the first sendmail on PATH when SMTP is off", async () => {
    const fake = fakeSendmail();
    process.env.PATH = `${fake.dir}${path.delimiter}${savedPath}`;
    expect(findSendmail()).toBe(path.join(fake.dir, "sendmail"));
    await mailer().send({ ...message, to: [{ address: "a@example.com" }, { address: "b@example.com" }] });
    const out = readFileSync(fake.out, "utf8");
    expect(out.split("\n")[0]).toBe("ARGS: -i a@example.com b@example.com");
    expect(out).toMatch(/^From: Support <support@example\.com>$/m);
    expect(out).toMatch(/^To: a@example\.com, b@example\.com$/m);
    expect(out).toMatch(/^Subject: Hello there$/m);
    expect(out).toContain("Content-Type: text/html");
  });

  it("uses an explicit sendmail path", async () => {
    const fake = fakeSendmail();
    await mailer({ sendmailPath: path.join(fake.dir, "sendmail") }).send(message);
    expect(readFileSync(fake.out, "utf8")).toContain("ARGS: -i to@example.com");
  });

  it("rejects clearly when no sendmail exists", async () => {
    const empty = tempDir("no-sendmail-");
    if (findSendmail(empty) !== null) return; // this machine has a system sendmail
    process.env.PATH = empty;
    await expect(mailer().send(message)).rejects.toThrow("failed to locate a sendmail executable path");
  });
});
