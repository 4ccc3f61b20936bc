import type { BatchConfig, OpenApiConfig, RateLimitsConfig } from "./extensions.js";

export interface EmailTemplate {
  body: string;
  subject: string;
  actionUrl: string;
  hidden: boolean;
}

export interface S3Config {
  enabled: boolean;
  bucket: string;
  region: string;
  endpoint: string;
  accessKey: string;
  secret: string;
  forcePathStyle: boolean;
}

export interface TokenConfig {
  secret: string;
  duration: number;
}

export interface OAuth2ProviderConfig {
  enabled: boolean;
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  userApiUrl: string;
  displayName: string;
  pkce: boolean | null;
}

export interface Settings {
  meta: {
    appName: string;
    appUrl: string;
    hideControls: boolean;
    senderName: string;
    senderAddress: string;
    verificationTemplate: EmailTemplate;
    resetPasswordTemplate: EmailTemplate;
    confirmEmailChangeTemplate: EmailTemplate;
  };
  logs: { maxDays: number; minLevel: number; logIp: boolean };
  smtp: {
    enabled: boolean;
    host: string;
    port: number;
    username: string;
    password: string;
    authMethod: string;
    tls: boolean;
    localName: string;
  };
  s3: S3Config;
  backups: { cron: string; cronMaxKeep: number; s3: S3Config };
  /** Beyond v0.22: the transactional batch API (settings/extensions.ts). */
  batch: BatchConfig;
  /** Beyond v0.22: request rate limits (settings/extensions.ts). */
  rateLimits: RateLimitsConfig;
  /** Beyond v0.22: who may read `GET /api/openapi.json`. */
  openApi: OpenApiConfig;
  adminAuthToken: TokenConfig;
  adminPasswordResetToken: TokenConfig;
  adminFileToken: TokenConfig;
  recordAuthToken: TokenConfig;
  recordPasswordResetToken: TokenConfig;
  recordEmailChangeToken: TokenConfig;
  recordVerificationToken: TokenConfig;
  recordFileToken: TokenConfig;
  emailAuth: { enabled: boolean; exceptDomains: string[] | null; onlyDomains: string[] | null; minPasswordLength: number };
  /** `<provider>Auth` entries (googleAuth, githubAuth, ...). */
  [providerKey: `${string}Auth`]: OAuth2ProviderConfig | Settings["emailAuth"];
}
