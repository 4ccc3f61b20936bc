import type { Shape } from "../tools/goJson.js";
import { fieldError, type FieldErrors } from "../tools/errors.js";
import type { BatchConfig, OpenApiConfig, RateLimitAudience, RateLimitsConfig } from "../models/settings.js";

export const EXTENSION_SHAPE: Shape = {
  batch: { enabled: "bool", maxRequests: "int", timeout: "int", maxBodySize: "int" },
  rateLimits: { enabled: "bool", rules: "objectList" },
  openApi: { public: "bool" },
};

export const extensionDefaults = (): { batch: BatchConfig; rateLimits: RateLimitsConfig; openApi: OpenApiConfig } => ({
  batch: { enabled: false, maxRequests: 50, timeout: 3, maxBodySize: 0 },
  rateLimits: { enabled: false, rules: [] },
  openApi: { public: false },
});

const required = () => fieldError("validation_required", "Cannot be blank.");
const atLeast = (n: number) => fieldError("validation_min_greater_equal_than_required", `Must be no less than ${n}.`);
const invalid = () => fieldError("validation_in_invalid", "Must be a valid value.");

export const AUDIENCES: readonly RateLimitAudience[] = ["", "@guest", "@auth"];
const LABEL_RE = /^(?:(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) )?\/\S*$|^(?:\*|[\w.-]+):(?:list|view|create|update|delete|\w+)$/;

/** Whether a label is a path prefix, `METHOD /path` or a `collection:action` tag. */
export const isRateLimitLabel = (label: string) => LABEL_RE.test(label);

function ruleErrors(rule: Record<string, unknown>): FieldErrors | null {
  const out: FieldErrors = {};
  const { label, maxRequests, duration, audience } = rule;
  if (typeof label !== "string" || label === "") out.label = required();
  else if (!isRateLimitLabel(label)) out.label = fieldError("validation_invalid_rate_limit_label", "Invalid label format.");
  if (!Number.isInteger(maxRequests) || (maxRequests as number) < 1) out.maxRequests = atLeast(1);
  if (!Number.isInteger(duration) || (duration as number) < 1) out.duration = atLeast(1);
  if (audience !== undefined && (typeof audience !== "string" || !AUDIENCES.includes(audience as RateLimitAudience))) out.audience = invalid();
  return Object.keys(out).length ? out : null;
}

/** Field errors of the extension groups, keyed by group (merged into the settings' errors). */
export function extensionErrors(s: { batch: BatchConfig; rateLimits: RateLimitsConfig }): Record<string, (FieldErrors | null)[]> {
  const b = s.batch;
  const batch: FieldErrors = {};
  if (b.enabled && b.maxRequests < 1) batch.maxRequests = b.maxRequests === 0 ? required() : atLeast(1);
  else if (b.maxRequests < 0) batch.maxRequests = atLeast(0);
  if (b.enabled && b.timeout < 1) batch.timeout = b.timeout === 0 ? required() : atLeast(1);
  else if (b.timeout < 0) batch.timeout = atLeast(0);
  if (b.maxBodySize < 0) batch.maxBodySize = atLeast(0);
  const rules: FieldErrors = {};
  const seen = new Set<string>();
  s.rateLimits.rules.forEach((r, i) => {
    const e = ruleErrors(r as unknown as Record<string, unknown>);
    const key = `${r.label}|${r.audience ?? ""}`;
    if (!e && seen.has(key)) rules[String(i)] = { label: fieldError("validation_duplicated_rate_limit_tag", "Rate limit tag with label and audience must be unique.") };
    else if (e) rules[String(i)] = e;
    seen.add(key);
  });
  return {
    batch: [Object.keys(batch).length ? batch : null],
    rateLimits: [Object.keys(rules).length ? { rules } : null],
  };
}
