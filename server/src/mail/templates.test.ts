import { describe, expect, it } from "vitest";
import { verifyToken } from "../auth/tokens.js";
import { htmlToText } from "./htmlToText.js";
import type { MailMessage } from "./mailer.js";
import { encodeUrlForMail, resolveTemplate, templateMail } from "./templates.js";
import { sendTestEmail, TEST_RECORD } from "./testEmail.js";
import { defaultSettings } from "../settings/defaults.js";
import type { Settings } from "../models/settings.js";

function settings(meta: Partial<Settings["meta"]> = {}): Settings {
  const s = defaultSettings();
  return { ...s, meta: { ...s.meta, ...meta } };
}

describe("resolveTemplate", () => {
  const template = {
    subject: "S {APP_NAME}|{APP_URL}|{TOKEN}|{ACTION_URL}",
    actionUrl: "{APP_URL}/x/{APP_NAME}/{TOKEN}?n={APP_NAME}",
    body: "B {APP_NAME}|{APP_URL}|{TOKEN}|{ACTION_URL}|{RECORD:email}",
    hidden: false,
  };
  const s = settings({ appName: "My <App> & co/ü", appUrl: "http://localhost:8090/" });

  it("fills the placeholders each part supports (as the reference does)", () => {
    const r = resolveTemplate(s, template, "TOK");
    expect(r.subject).toBe("S My <App> & co/ü|http://localhost:8090/|{TOKEN}|{ACTION_URL}");
    expect(r.actionUrl).toBe("http://localhost:8090/x/My%20%3CApp%3E%20&%20co/%C3%BC/TOK?n=My <App> & co/ü");
    expect(r.html).toContain(`B My <App> & co/ü|http://localhost:8090/|TOK|${r.actionUrl}|{RECORD:email}`);
    expect(r.html).toMatch(/^<!DOCTYPE html>/);
  });

  it("builds the default verification mail", () => {
    const mail = templateMail(settings({ appName: "Acme" }), "verification", "u@example.com", "abc.def");
    expect(mail.to).toEqual([{ address: "u@example.com" }]);
    expect(mail.subject).toBe("Verify your Acme email");
    expect(mail.html).toContain('href="http://localhost:8090/_/#/auth/confirm-verification/abc.def"');
    expect(mail.html).toContain("Acme team");
  });
});

describe("encodeUrlForMail", () => {
  it.each([
    ["http://x.com/a b#c d", "http://x.com/a%20b#c%20d"],
    ["http://x.com/%41%zz", "http://x.com/%41%25zz"],
    ["http://x.com/_/#/auth/confirm/a.b-c_d", "http://x.com/_/#/auth/confirm/a.b-c_d"],
    ["http://x.com/p?q=a b&c=<d>", "http://x.com/p?q=a b&c=<d>"],
    ["/relative/ü", "/relative/%C3%BC"],
    ["http://x.com/😀", "http://x.com/%F0%9F%98%80"],
  ])("%s", (input, expected) => expect(encodeUrlForMail(input)).toBe(expected));
});

describe("htmlToText", () => {
  it("turns blocks, breaks, lists and links into readable text", () => {
    const html = `<html><head><style>p{color:red}</style></head><body>
      <p>Hello &amp; welcome,<br/>friend</p>
      <ul><li>one</li><li>two</li></ul>
      <p><a class="btn" href="https://e.com/?a=1&amp;b=2">Verify</a> or <a href="https://e.com">https://e.com</a></p>
      <!-- hidden --><script>alert(1)</script>
    </body></html>`;
    expect(htmlToText(html)).toBe("Hello & welcome,\nfriend\n\n- one\n- two\n\nVerify (https://e.com/?a=1&b=2) or https://e.com");
  });
});

describe("sendTestEmail", () => {
  it.each(["verification", "password-reset", "email-change"] as const)("sends the %s template with a placeholder record token", async (kind) => {
    const s = settings();
    const sent: MailMessage[] = [];
    await sendTestEmail({ settings: { get: () => s }, mailer: { send: async (m) => void sent.push(m) } }, kind, "t@example.com");
    expect(sent).toHaveLength(1);
    expect(sent[0].to).toEqual([{ address: "t@example.com" }]);
    const token = /confirm-[a-z-]+\/([\w.-]+)"/.exec(sent[0].html)![1];
    const claims = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString("utf8"));
    expect(claims).toMatchObject({ id: TEST_RECORD.id, collectionId: TEST_RECORD.collectionId, type: "authRecord", email: "t@example.com" });
    expect(claims.newEmail).toBe(kind === "email-change" ? "t@example.com" : undefined);
    const secret = { verification: s.recordVerificationToken, "password-reset": s.recordPasswordResetToken, "email-change": s.recordEmailChangeToken }[kind].secret;
    expect(await verifyToken(token, secret)).not.toBeNull();
  });
});
