import { describe, expect, it } from "vitest";
import { defaultSettings, OAUTH2_PROVIDERS, TOKEN_SETTINGS } from "./defaults.js";
import { keepRedactedSecrets, REDACTED, redactSettings } from "./redact.js";
import type { OAuth2ProviderConfig, Settings } from "../models/settings.js";
import { validateSettings } from "./validate.js";

const required = { code: "validation_required", message: "Cannot be blank." };
const isUrl = { code: "validation_is_url", message: "Must be a valid URL." };

function withChanges(fn: (s: Settings) => void): Settings {
  const s = structuredClone(defaultSettings());
  fn(s);
  return s;
}

describe("validateSettings", () => {
  it("accepts the defaults", () => {
    expect(validateSettings(defaultSettings())).toBeNull();
  });

  it("nests errors by group with sorted keys", () => {
    const errors = validateSettings(
      withChanges((s) => {
        s.meta.appName = "";
        s.logs.maxDays = -1;
        s.smtp.enabled = true;
        s.smtp.host = "";
      }),
    );
    expect(errors).toEqual({
      logs: { maxDays: { code: "validation_min_greater_equal_than_required", message: "Must be no less than 0." } },
      meta: { appName: required },
      smtp: { host: required },
    });
    expect(Object.keys(errors!)).toEqual(["logs", "meta", "smtp"]);
  });

  it("checks the meta fields", () => {
    const errors = validateSettings(
      withChanges((s) => {
        s.meta.appName = "ü".repeat(128); // 256 bytes
        s.meta.appUrl = "notaurl";
        s.meta.senderName = "";
        s.meta.senderAddress = "bad";
      }),
    );
    expect(errors).toEqual({
      meta: {
        appName: { code: "validation_length_out_of_range", message: "The length must be between 1 and 255." },
        appUrl: isUrl,
        senderAddress: { code: "validation_is_email", message: "Must be a valid email address." },
        senderName: required,
      },
    });
  });

  it("requires the template placeholders", () => {
    const errors = validateSettings(
      withChanges((s) => {
        s.meta.verificationTemplate = { body: "x", subject: "", actionUrl: "y", hidden: true };
      }),
    );
    expect(errors).toEqual({
      meta: {
        verificationTemplate: {
          actionUrl: { code: "validation_missing_required_param", message: 'Missing required parameter "{TOKEN}".' },
          body: { code: "validation_missing_required_param", message: 'Missing required parameter "{ACTION_URL}".' },
          subject: required,
        },
      },
    });
  });

  it("checks smtp formats even when disabled, and requires host and port only when enabled", () => {
    const s = withChanges((x) => {
      x.smtp = { ...x.smtp, enabled: false, host: "", port: 0, authMethod: "", localName: "" };
    });
    expect(validateSettings(s)).toBeNull();
    s.smtp = { ...s.smtp, host: "bad host", port: -1, authMethod: "plain", localName: "a b" };
    expect(validateSettings(s)?.smtp).toEqual({
      authMethod: { code: "validation_in_invalid", message: "Must be a valid value." },
      host: { code: "validation_is_host", message: "Must be a valid IP address or DNS name." },
      localName: { code: "validation_is_host", message: "Must be a valid IP address or DNS name." },
      port: { code: "validation_min_greater_equal_than_required", message: "Must be no less than 0." },
    });
  });

  it("requires the s3 fields only when enabled, but always checks the endpoint", () => {
    const s = withChanges((x) => {
      x.s3.enabled = true;
      x.backups.s3.endpoint = "bad";
    });
    expect(validateSettings(s)).toEqual({
      backups: { s3: { endpoint: isUrl } },
      s3: { accessKey: required, bucket: required, endpoint: required, region: required, secret: required },
    });
  });

  it("requires cronMaxKeep only with a cron expression", () => {
    const errors = (cron: string, cronMaxKeep: number) => validateSettings(withChanges((s) => (s.backups = { ...s.backups, cron, cronMaxKeep })));
    expect(errors("", 0)).toBeNull();
    expect(errors("@daily", 0)).toEqual({ backups: { cronMaxKeep: required } });
    expect(errors("", -1)).toEqual({ backups: { cronMaxKeep: { code: "validation_min_greater_equal_than_required", message: "Must be no less than 1." } } });
    expect(errors("61 * * * *", 1)?.backups).toEqual({
      cron: { code: "validation_invalid_cron", message: "Invalid segment value - must be between the min and max of the segment." },
    });
  });

  it("bounds token secrets and durations", () => {
    const errors = validateSettings(
      withChanges((s) => {
        s.adminAuthToken = { secret: "", duration: 0 };
        s.recordAuthToken = { secret: "x".repeat(29), duration: 4 };
        s.recordFileToken = { secret: "x".repeat(301), duration: 63072001 };
        s.adminFileToken = { secret: "x".repeat(30), duration: 63072000 };
      }),
    );
    const length = { code: "validation_length_out_of_range", message: "The length must be between 30 and 300." };
    expect(errors).toEqual({
      adminAuthToken: { duration: required, secret: required },
      recordAuthToken: { duration: { code: "validation_min_greater_equal_than_required", message: "Must be no less than 5." }, secret: length },
      recordFileToken: { duration: { code: "validation_max_less_equal_than_required", message: "Must be no greater than 63072000." }, secret: length },
    });
  });

  it("requires provider credentials when enabled and checks urls always", () => {
    const errors = validateSettings(
      withChanges((s) => {
        s.githubAuth = { ...(s.githubAuth as OAuth2ProviderConfig), enabled: true };
        s.oidcAuth = { ...(s.oidcAuth as OAuth2ProviderConfig), authUrl: "bad", tokenUrl: "https://ok.example.com", userApiUrl: "bad" };
      }),
    );
    expect(errors).toEqual({ githubAuth: { clientId: required, clientSecret: required }, oidcAuth: { authUrl: isUrl, userApiUrl: isUrl } });
  });
});

describe("redaction", () => {
  const withSecrets = () =>
    withChanges((s) => {
      s.smtp.password = "smtp-pass";
      s.s3.secret = "s3-secret";
      s.backups.s3.secret = "";
      (s.googleAuth as OAuth2ProviderConfig).clientSecret = "google-secret";
    });

  it("masks every non-empty secret and nothing else", () => {
    const out = redactSettings(withSecrets()) as Record<string, Record<string, unknown>>;
    expect(out.smtp.password).toBe(REDACTED);
    expect(out.s3.secret).toBe(REDACTED);
    expect((out.backups.s3 as Record<string, unknown>).secret).toBe("");
    expect(out.googleAuth.clientSecret).toBe(REDACTED);
    expect(out.githubAuth.clientSecret).toBe("");
    for (const [key] of TOKEN_SETTINGS) expect(out[key].secret).toBe(REDACTED);
    expect(out.smtp.username).toBe("");
    expect(out.s3.accessKey).toBe("");
    expect(Object.keys(out)).toHaveLength(17 + OAUTH2_PROVIDERS.length); // 14 reference groups + batch, rateLimits, openApi
    expect(JSON.stringify(out)).not.toMatch(/smtp-pass|s3-secret|google-secret/);
  });

  it("does not change the settings it redacts", () => {
    const s = withSecrets();
    redactSettings(s);
    expect(s.smtp.password).toBe("smtp-pass");
  });

  it("keeps stored secrets where the mask is sent back", () => {
    const current = withSecrets();
    const next = structuredClone(current);
    next.smtp.password = REDACTED;
    next.s3.secret = "new-secret";
    next.adminAuthToken.secret = REDACTED;
    (next.googleAuth as OAuth2ProviderConfig).clientSecret = "";
    keepRedactedSecrets(next, current);
    expect(next.smtp.password).toBe("smtp-pass");
    expect(next.s3.secret).toBe("new-secret");
    expect(next.adminAuthToken.secret).toBe(current.adminAuthToken.secret);
    expect((next.googleAuth as OAuth2ProviderConfig).clientSecret).toBe("");
  });
});
