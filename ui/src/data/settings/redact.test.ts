import { describe, expect, it } from "vitest";
import { REDACTED, stripRedacted } from "./redact";

describe("redaction filtering", () => {
  it("drops redacted properties at any depth and keeps everything else", () => {
    const payload = {
      smtp: { host: "h", password: REDACTED, port: 25 },
      backups: { s3: { secret: REDACTED, bucket: "b" } },
      googleAuth: { clientSecret: REDACTED, clientId: "id", enabled: true, pkce: null },
    };
    expect(stripRedacted(payload)).toEqual({
      smtp: { host: "h", port: 25 },
      backups: { s3: { bucket: "b" } },
      googleAuth: { clientId: "id", enabled: true, pkce: null },
    });
  });
  it("keeps a new secret, an empty secret and look-alike values", () => {
    expect(stripRedacted({ s3: { secret: "new-secret", accessKey: "" }, t: { secret: "*****" } })).toEqual({
      s3: { secret: "new-secret", accessKey: "" },
      t: { secret: "*****" },
    });
  });
});
