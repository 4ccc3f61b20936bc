import { OAUTH2_PROVIDERS, TOKEN_SETTINGS } from "./defaults.js";
import type { Shape } from "../tools/goJson.js";
import { EXTENSION_SHAPE } from "./extensions.js";

/** The declared settings fields and their JSON types, in the reference's key order. */

const TEMPLATE: Shape = { body: "string", subject: "string", actionUrl: "string", hidden: "bool" };

const S3: Shape = {
  enabled: "bool",
  bucket: "string",
  region: "string",
  endpoint: "string",
  accessKey: "string",
  secret: "string",
  forcePathStyle: "bool",
};

const TOKEN: Shape = { secret: "string", duration: "int" };

const PROVIDER: Shape = {
  enabled: "bool",
  clientId: "string",
  clientSecret: "string",
  authUrl: "string",
  tokenUrl: "string",
  userApiUrl: "string",
  displayName: "string",
  pkce: "nullableBool",
};

export const SETTINGS_SHAPE: Shape = {
  meta: {
    appName: "string",
    appUrl: "string",
    hideControls: "bool",
    senderName: "string",
    senderAddress: "string",
    verificationTemplate: TEMPLATE,
    resetPasswordTemplate: TEMPLATE,
    confirmEmailChangeTemplate: TEMPLATE,
    otpTemplate: TEMPLATE,
  },
  logs: { maxDays: "int", minLevel: "int", logIp: "bool" },
  smtp: {
    enabled: "bool",
    host: "string",
    port: "int",
    username: "string",
    password: "string",
    authMethod: "string",
    tls: "bool",
    localName: "string",
  },
  s3: S3,
  backups: { cron: "string", cronMaxKeep: "int", s3: S3 },
  ...EXTENSION_SHAPE,
  ...Object.fromEntries(TOKEN_SETTINGS.map(([key]) => [key, TOKEN])),
  emailAuth: { enabled: "bool", exceptDomains: "stringList", onlyDomains: "stringList", minPasswordLength: "int" },
  ...Object.fromEntries(OAUTH2_PROVIDERS.map((p) => [`${p}Auth`, PROVIDER])),
};

/** Paths of the secret values (redacted in API answers). */
export const SECRET_PATHS: readonly (readonly string[])[] = [
  ["smtp", "password"],
  ["s3", "secret"],
  ["backups", "s3", "secret"],
  ...TOKEN_SETTINGS.map(([key]) => [key, "secret"]),
  ...OAUTH2_PROVIDERS.map((p) => [`${p}Auth`, "clientSecret"]),
];
