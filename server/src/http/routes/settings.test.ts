import { generateKeyPairSync, verify } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createApp, type App } from "../../app.js";
import { paramsRepo } from "../../db/params.js";
import { buildServer } from "../server.js";
import { OAUTH2_PROVIDERS, TOKEN_SETTINGS } from "../../settings/defaults.js";
import type { Settings } from "../../models/settings.js";
import { cleanupTempDirs, tempDir } from "../../../test/support/dataDirs.js";
import { startTestSmtp, type TestSmtp } from "../../../test/support/smtp.js";

const GENERIC = "Something went wrong while processing your request.";
const LOAD = "An error occurred while loading the submitted data.";

let app: App;
let server: FastifyInstance;
let token: string;
let smtp: TestSmtp | null = null;

beforeEach(async () => {
  app = await createApp({ dataDir: tempDir() });
  await app.admins.insertNew("admin@example.com", "1234567890");
  server = buildServer(app);
  const res = await server.inject({ method: "POST", url: "/api/admins/auth-with-password", payload: { identity: "admin@example.com", password: "1234567890" } });
  token = res.json().token;
});

afterEach(async () => {
  await smtp?.close();
  smtp = null;
  await server.close();
  await app.close();
  cleanupTempDirs();
});

type Obj = Record<string, any>;

async function send(method: "GET" | "PATCH" | "POST", url: string, payload?: unknown, headers: Record<string, string> = {}) {
  const res = await server.inject({
    method,
    url,
    headers: { authorization: token, ...(typeof payload === "string" ? { "content-type": "application/json" } : {}), ...headers },
    payload: payload as string | object | undefined,
  });
  return { status: res.statusCode, body: res.body ? (res.json() as Obj) : null };
}

const stored = async (): Promise<Obj> => JSON.parse((await paramsRepo.readText(app.db, "settings"))!) as Obj;

describe("settings routes: access", () => {
  it.each([
    ["GET", "/api/settings"],
    ["PATCH", "/api/settings"],
    ["POST", "/api/settings/test/email"],
    ["POST", "/api/settings/test/s3"],
    ["POST", "/api/settings/apple/generate-client-secret"],
  ] as const)("%s %s needs an admin", async (method, url) => {
    const res = await server.inject({ method, url, payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 401, message: "The request requires valid admin authorization token to be set.", data: {} });
  });
});

describe("GET /api/settings", () => {
  it("answers every group with the secrets redacted", async () => {
    const s = app.settings.get();
    await app.settings.save({ ...s, smtp: { ...s.smtp, password: "smtp-pass" }, githubAuth: { ...(s.githubAuth as Obj), clientSecret: "gh" } } as unknown as Settings);
    const { status, body } = await send("GET", "/api/settings");
    expect(status).toBe(200);
    expect(Object.keys(body!)).toEqual([
      "meta", "logs", "smtp", "s3", "backups", "batch", "rateLimits", "openApi", ...TOKEN_SETTINGS.map(([k]) => k), "emailAuth", ...OAUTH2_PROVIDERS.map((p) => `${p}Auth`),
    ]);
    expect(body!.smtp.password).toBe("******");
    expect(body!.githubAuth.clientSecret).toBe("******");
    expect(body!.googleAuth.clientSecret).toBe("");
    expect(body!.adminAuthToken).toEqual({ secret: "******", duration: 1209600 });
    expect(JSON.stringify(body)).not.toContain(s.adminAuthToken.secret);
  });
});

describe("PATCH /api/settings", () => {
  it("merges, validates, saves and answers the redacted settings", async () => {
    const { status, body } = await send("PATCH", "/api/settings", { meta: { appName: "Cairn" }, smtp: { password: "new-pass" }, logs: { maxDays: 9 } });
    expect(status).toBe(200);
    expect(body!.meta.appName).toBe("Cairn");
    expect(body!.meta.appUrl).toBe("http://localhost:8090");
    expect(body!.smtp.password).toBe("******");
    expect(body!.logs).toEqual({ maxDays: 9, minLevel: 0, logIp: true });
    expect((await stored()).meta.appName).toBe("Cairn");
    expect((await stored()).smtp.password).toBe("new-pass");
    expect(app.settings.get().logs.maxDays).toBe(9);
  });

  it("keeps the stored secret when the redacted value is sent back", async () => {
    const before = app.settings.get();
    await send("PATCH", "/api/settings", { smtp: { password: "p1" }, s3: { secret: "s1" } });
    const view = (await send("GET", "/api/settings")).body!;
    const { status } = await send("PATCH", "/api/settings", view); // the whole view, masks included
    expect(status).toBe(200);
    expect((await stored()).smtp.password).toBe("p1");
    expect((await stored()).s3.secret).toBe("s1");
    expect((await stored()).adminAuthToken.secret).toBe(before.adminAuthToken.secret);
    expect((await send("GET", "/api/settings")).status).toBe(200); // the admin token is still valid
  });

  it("answers nested field errors and saves nothing", async () => {
    const { status, body } = await send("PATCH", "/api/settings", { meta: { appName: "", appUrl: "x" }, smtp: { enabled: true, host: "" }, logs: { maxDays: 1 } });
    expect(status).toBe(400);
    expect(body).toEqual({
      code: 400,
      message: GENERIC,
      data: {
        meta: { appName: { code: "validation_required", message: "Cannot be blank." }, appUrl: { code: "validation_is_url", message: "Must be a valid URL." } },
        smtp: { host: { code: "validation_required", message: "Cannot be blank." } },
      },
    });
    expect((await stored()).logs.maxDays).toBe(5);
  });

  it.each([
    ['{"logs":{"maxDays":"5"}}'],
    ['{"logs":{"maxDays":5.0}}'],
    ['{"logs":5}'],
    ["[]"],
    ["{bad"],
    ["   "],
  ])("refuses %s as unreadable", async (raw) => {
    const { status, body } = await send("PATCH", "/api/settings", raw);
    expect(status).toBe(400);
    expect(body).toEqual({ code: 400, message: LOAD, data: {} });
  });

  it("refuses non-JSON bodies but accepts an empty one", async () => {
    expect((await send("PATCH", "/api/settings", "meta=1", { "content-type": "text/plain" })).status).toBe(400);
    expect((await send("PATCH", "/api/settings", "", { "content-type": "text/plain" })).status).toBe(200);
    expect((await send("PATCH", "/api/settings")).status).toBe(200);
  });

  it("announces the save on the bus (the log writer, the mailer, storage listen there)", async () => {
    let seen = 0;
    app.events.on("settings.save", () => seen++);
    await send("PATCH", "/api/settings", { logs: { minLevel: 4 } });
    expect(seen).toBe(1);
  });
});

describe("POST /api/settings/test/email", () => {
  it("validates the body", async () => {
    expect(await send("POST", "/api/settings/test/email", { template: "nope", email: "" })).toEqual({
      status: 400,
      body: {
        code: 400,
        message: "Failed to send the test email.",
        data: { email: { code: "validation_required", message: "Cannot be blank." }, template: { code: "validation_in_invalid", message: "Must be a valid value." } },
      },
    });
    expect((await send("POST", "/api/settings/test/email", { template: 1 })).body!.message).toBe(LOAD);
  });

  it("sends the chosen template through SMTP", async () => {
    smtp = await startTestSmtp({ disabledCommands: ["STARTTLS"] });
    await send("PATCH", "/api/settings", { smtp: { enabled: true, host: "127.0.0.1", port: smtp.port }, meta: { appName: "Cairn" } });
    const res = await send("POST", "/api/settings/test/email", { template: "password-reset", email: "someone@example.com" });
    expect(res).toEqual({ status: 204, body: null });
    const [got] = await smtp.waitFor(1);
    expect(got.envelopeTo).toEqual(["someone@example.com"]);
    expect(got.mail.subject).toBe("Reset your Cairn password");
    expect(got.mail.html).toMatch(/href="http:\/\/localhost:8090\/_\/#\/auth\/confirm-password-reset\/[\w-]+\.[\w-]+\.[\w-]+"/);
    expect(got.mail.text).toContain("Reset password (http://localhost:8090/_/#/auth/confirm-password-reset/");
  });

  it("reports a failed delivery with the raw error", async () => {
    smtp = await startTestSmtp({});
    const port = smtp.port;
    await smtp.close();
    smtp = null;
    await send("PATCH", "/api/settings", { smtp: { enabled: true, host: "127.0.0.1", port } });
    const res = await send("POST", "/api/settings/test/email", { template: "verification", email: "someone@example.com" });
    expect(res.status).toBe(400);
    expect(res.body!.message).toMatch(/^Failed to send the test email\. Raw error: \n.*ECONNREFUSED.*\.$/);
    expect(res.body!.data).toEqual({});
  });
});

describe("POST /api/settings/test/s3", () => {
  it("validates and refuses a disabled filesystem", async () => {
    expect((await send("POST", "/api/settings/test/s3", {})).body!.data).toEqual({ filesystem: { code: "validation_required", message: "Cannot be blank." } });
    expect((await send("POST", "/api/settings/test/s3", { filesystem: "x" })).body!.data).toEqual({ filesystem: { code: "validation_in_invalid", message: "Must be a valid value." } });
    for (const filesystem of ["storage", "backups"]) {
      expect(await send("POST", "/api/settings/test/s3", { filesystem })).toEqual({
        status: 400,
        body: { code: 400, message: "Failed to test the S3 filesystem. Raw error: \nS3 storage filesystem is not enabled.", data: {} },
      });
    }
  });
});

describe("POST /api/settings/apple/generate-client-secret", () => {
  it("signs an ES256 client secret Apple accepts", async () => {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    const res = await send("POST", "/api/settings/apple/generate-client-secret", { clientId: "com.example.app", teamId: "TEAM123456", keyId: "KEY1234567", privateKey: `  ${pem}\n`, duration: 3600 });
    expect(res.status).toBe(200);
    const [header, payload, signature] = (res.body!.secret as string).split(".");
    const json = (part: string) => JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
    expect(json(header)).toEqual({ alg: "ES256", kid: "KEY1234567", typ: "JWT" });
    const claims = json(payload);
    expect(claims).toMatchObject({ iss: "TEAM123456", sub: "com.example.app", aud: ["https://appleid.apple.com"] });
    expect(claims.exp - claims.iat).toBe(3600);
    expect(Math.abs(claims.iat - Date.now() / 1000)).toBeLessThan(5);
    const valid = verify("sha256", Buffer.from(`${header}.${payload}`), { key: publicKey, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"));
    expect(valid).toBe(true);
  });

  it("validates the input", async () => {
    const res = await send("POST", "/api/settings/apple/generate-client-secret", { clientId: "c", teamId: "short", keyId: "k", privateKey: "bad", duration: 15777001 });
    expect(res.body).toEqual({
      code: 400,
      message: "Invalid client secret data.",
      data: {
        duration: { code: "validation_max_less_equal_than_required", message: "Must be no greater than 15777000." },
        keyId: { code: "validation_length_invalid", message: "The length must be exactly 10." },
        privateKey: { code: "validation_match_invalid", message: "Must be in a valid format." },
        teamId: { code: "validation_length_invalid", message: "The length must be exactly 10." },
      },
    });
  });
});
