/**
 * Settings groups Cairn adds beyond PocketBase v0.22 (batch and rateLimits named and shaped as
 * in later PocketBase versions, so their data directories read the same; openApi is Cairn's). Both are off by default; a v0.22 data
 * directory has neither key and gets these defaults.
 */

export interface BatchConfig {
  enabled: boolean;
  /** Most sub-requests one batch may carry. */
  maxRequests: number;
  /** Seconds a batch may take before it is rolled back. */
  timeout: number;
  /** Largest batch body in bytes; 0 means the server's body limit. */
  maxBodySize: number;
}

export type RateLimitAudience = "" | "@guest" | "@auth";

export interface RateLimitRule {
  /** `/api/` (path prefix), `POST /api/batch` (method and path prefix) or `posts:create` (collection action tag). */
  label: string;
  maxRequests: number;
  /** Window length in seconds. */
  duration: number;
  audience: RateLimitAudience;
}

export interface RateLimitsConfig {
  enabled: boolean;
  rules: RateLimitRule[];
}

export interface OpenApiConfig {
  /** Serve `GET /api/openapi.json` to everybody (admins only when false). */
  public: boolean;
}

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
    /** Beyond v0.22: the email one-time code mail ({OTP}, {OTP_ID}; its actionUrl is unused). */
    otpTemplate: EmailTemplate;
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
