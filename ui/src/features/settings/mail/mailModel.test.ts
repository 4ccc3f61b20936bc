import { describe, expect, it } from "vitest";
import { stripRedacted } from "../../../data/settings/redact";
import type { Settings } from "../../../data/settings/settings";
import { mailPayload, pickMail } from "./MailPage";
import { SETTINGS_MESSAGES, validateMail } from "../settingsValidation";


describe("mail form", () => {
  it("reads the settings with defaults for missing values", () => {
    const form = pickMail({ meta: { senderName: "S" }, smtp: { enabled: true, port: 25, password: "******" } } as Settings);
    expect(form.meta.senderName).toBe("S");
    expect(form.meta.senderAddress).toBe("");
    expect(form.meta.verificationTemplate).toEqual({ subject: "", actionUrl: "", body: "", hidden: false });
    expect(form.smtp).toMatchObject({ enabled: true, port: 25, host: "", tls: false, authMethod: "" });
  });
  it("sends meta and smtp with a numeric port and without the redacted password", () => {
    const form = pickMail({ meta: {}, smtp: { enabled: true, host: "h", port: 25, password: "******" } } as Settings);
    form.smtp.port = "2525";
    const payload = stripRedacted(mailPayload(form)) as { smtp: Record<string, unknown>; meta: unknown };
    expect(payload.smtp.port).toBe(2525);
    expect("password" in payload.smtp).toBe(false);
    expect(payload.meta).toBeDefined();
  });

  it("edits the OTP template only where the server has it, without an action URL, needing {OTP}", () => {
    expect("otpTemplate" in pickMail({ meta: {}, smtp: {} } as Settings).meta).toBe(false);
    const form = pickMail({ meta: { senderName: "S", senderAddress: "s@x.io", otpTemplate: { subject: "OTP for {APP_NAME}", body: "<p>no code</p>", actionUrl: "" } }, smtp: {} } as unknown as Settings);
    expect(form.meta.otpTemplate).toEqual({ subject: "OTP for {APP_NAME}", actionUrl: "", body: "<p>no code</p>", hidden: false });
    const errors = validateMail(form);
    expect(errors["meta.otpTemplate.body"]).toBe(SETTINGS_MESSAGES.missingParam("{OTP}"));
    expect(errors["meta.otpTemplate.actionUrl"]).toBeUndefined();
    expect((mailPayload(form).meta as Record<string, unknown>).otpTemplate).toEqual(form.meta.otpTemplate);
  });
});
