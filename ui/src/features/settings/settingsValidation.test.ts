import { describe, expect, it } from "vitest";
import {
  validateAppleSecret,
  validateApplication,
  validateMail,
  validateS3,
  validateTestEmail,
  validateTokens,
  type MailForm,
  type MailTemplate,
} from "./settingsValidation";

const template = (over: Partial<MailTemplate> = {}): MailTemplate => ({ subject: "Hi {APP_NAME}", actionUrl: "{APP_URL}/x/{TOKEN}", body: '<a href="{ACTION_URL}">go</a>', hidden: false, ...over });

function mail(over: { meta?: Partial<MailForm["meta"]>; smtp?: Partial<MailForm["smtp"]> } = {}): MailForm {
  return {
    meta: { senderName: "Support", senderAddress: "support@example.com", verificationTemplate: template(), resetPasswordTemplate: template(), confirmEmailChangeTemplate: template(), ...over.meta },
    smtp: { enabled: false, host: "", port: "", username: "", password: "", tls: false, authMethod: "", localName: "", ...over.smtp },
  };
}

describe("application validation", () => {
  it("requires the name and the URL", () => {
    expect(validateApplication({ appName: " ", appUrl: "" })).toEqual({ "meta.appName": "Cannot be blank.", "meta.appUrl": "Cannot be blank." });
    expect(validateApplication({ appName: "Acme", appUrl: "http://x" })).toEqual({});
  });
});

describe("mail validation", () => {
  it("accepts the defaults", () => {
    expect(validateMail(mail())).toEqual({});
  });
  it("requires the sender and a valid address", () => {
    expect(validateMail(mail({ meta: { senderName: "", senderAddress: "" } }))).toEqual({ "meta.senderName": "Cannot be blank.", "meta.senderAddress": "Cannot be blank." });
    expect(validateMail(mail({ meta: { senderAddress: "nope" } }))).toEqual({ "meta.senderAddress": "Must be a valid email address." });
  });
  it("requires every field of a visible template and its placeholders", () => {
    expect(validateMail(mail({ meta: { resetPasswordTemplate: template({ subject: "", actionUrl: "", body: "" }) } }))).toEqual({
      "meta.resetPasswordTemplate.subject": "Cannot be blank.",
      "meta.resetPasswordTemplate.actionUrl": "Cannot be blank.",
      "meta.resetPasswordTemplate.body": "Cannot be blank.",
    });
    expect(validateMail(mail({ meta: { verificationTemplate: template({ actionUrl: "http://x", body: "<p>no link</p>" }) } }))).toEqual({
      "meta.verificationTemplate.actionUrl": 'Missing required parameter "{TOKEN}".',
      "meta.verificationTemplate.body": 'Missing required parameter "{ACTION_URL}".',
    });
  });
  it("skips hidden templates", () => {
    expect(validateMail(mail({ meta: { confirmEmailChangeTemplate: template({ subject: "", hidden: true }) } }))).toEqual({});
  });
  it("requires SMTP host and a numeric port only when enabled; username and password stay optional", () => {
    expect(validateMail(mail({ smtp: { host: "", port: "" } }))).toEqual({});
    expect(validateMail(mail({ smtp: { enabled: true, host: "", port: "" } }))).toEqual({ "smtp.host": "Cannot be blank.", "smtp.port": "Cannot be blank." });
    expect(validateMail(mail({ smtp: { enabled: true, host: "h", port: "x" } }))).toEqual({ "smtp.port": "Must be a number." });
    expect(validateMail(mail({ smtp: { enabled: true, host: "h", port: 2.5 } }))).toEqual({ "smtp.port": "Must be a whole number." });
    expect(validateMail(mail({ smtp: { enabled: true, host: "h", port: 25 } }))).toEqual({});
  });
});

describe("S3 validation", () => {
  const empty = { enabled: false, endpoint: "", bucket: "", region: "", accessKey: "", secret: "", forcePathStyle: false };
  it("requires every connection field only when enabled, under the group's prefix", () => {
    expect(validateS3(empty, "s3")).toEqual({});
    expect(validateS3({ ...empty, enabled: true }, "backups.s3")).toEqual({
      "backups.s3.endpoint": "Cannot be blank.",
      "backups.s3.bucket": "Cannot be blank.",
      "backups.s3.region": "Cannot be blank.",
      "backups.s3.accessKey": "Cannot be blank.",
      "backups.s3.secret": "Cannot be blank.",
    });
  });
  it("accepts a redacted (stored) secret", () => {
    expect(validateS3({ ...empty, enabled: true, endpoint: "e", bucket: "b", region: "r", accessKey: "a", secret: "******" }, "s3")).toEqual({});
  });
});

describe("test email validation", () => {
  it("requires the template and a valid recipient", () => {
    expect(validateTestEmail({ template: "", email: "" })).toEqual({ template: "Cannot be blank.", email: "Cannot be blank." });
    expect(validateTestEmail({ template: "verification", email: "x" })).toEqual({ email: "Must be a valid email address." });
    expect(validateTestEmail({ template: "verification", email: "x@example.com" })).toEqual({});
  });
});

describe("Apple secret validation", () => {
  const ok = { clientId: "c", teamId: "t", keyId: "k", privateKey: "-----BEGIN PRIVATE KEY-----", duration: 3600 };
  it("requires every input (a blank private key after trimming counts as missing)", () => {
    expect(validateAppleSecret({ clientId: "", teamId: "", keyId: "", privateKey: "  \n", duration: "" })).toEqual({
      clientId: "Cannot be blank.",
      teamId: "Cannot be blank.",
      keyId: "Cannot be blank.",
      privateKey: "Cannot be blank.",
      duration: "Cannot be blank.",
    });
    expect(validateAppleSecret(ok)).toEqual({});
  });
  it("caps the duration at 15777000 seconds", () => {
    expect(validateAppleSecret({ ...ok, duration: 15777000 })).toEqual({});
    expect(validateAppleSecret({ ...ok, duration: 15777001 })).toEqual({ duration: "Must be no greater than 15777000." });
    expect(validateAppleSecret({ ...ok, duration: -1 })).toEqual({ duration: "Must be no less than 0." });
  });
});

describe("token validation", () => {
  it("requires a number for each duration", () => {
    expect(validateTokens({ adminAuthToken: { duration: "" }, recordAuthToken: { duration: "abc" }, adminFileToken: { duration: 120 } })).toEqual({
      "adminAuthToken.duration": "Cannot be blank.",
      "recordAuthToken.duration": "Must be a number.",
    });
  });
});
