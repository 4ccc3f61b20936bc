/** The rate-limit rules editor's model: Cairn's `rateLimits` settings group (absent on PocketBase v0.22). */
import type { Settings } from "../../../data/settings/settings";
import { number, required } from "../../../lib/validation";
import type { ErrorMap } from "../formModel";

export type Audience = "" | "@guest" | "@auth";

export interface RuleForm {
  label: string;
  /** Strings while typed; numbers in the payload. */
  maxRequests: number | string;
  duration: number | string;
  audience: Audience;
}

export interface RateLimitsForm {
  enabled: boolean;
  rules: RuleForm[];
}

export const AUDIENCES: { value: Audience; label: string }[] = [
  { value: "", label: "All" },
  { value: "@guest", label: "Guests only" },
  { value: "@auth", label: "Auth only" },
];

export const LABEL_HINT = "A path prefix (/api/), METHOD /path, or a collection:action tag (posts:create, *:auth).";
export const DUPLICATE_RULE = "Rate limit tag with label and audience must be unique.";
export const INVALID_LABEL = "Invalid label format.";

// Same forms the server accepts; it stays the authority (its field errors land on the inputs).
const LABEL_RE = /^(?:(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) )?\/\S*$|^[\w.*-]+:\w+$/;

/** Whether the server knows rate limits at all (PocketBase v0.22 has no such group). */
export function hasRateLimits(s: Settings): boolean {
  return !!s.rateLimits && typeof s.rateLimits === "object";
}

export function pickRateLimits(s: Settings): RateLimitsForm | undefined {
  if (!hasRateLimits(s)) return undefined;
  const r = s.rateLimits as { enabled?: unknown; rules?: unknown };
  const rules = Array.isArray(r.rules) ? (r.rules as Partial<RuleForm>[]) : [];
  return {
    enabled: r.enabled === true,
    rules: rules.map((x) => ({
      label: String(x.label ?? ""),
      maxRequests: x.maxRequests ?? 0,
      duration: x.duration ?? 0,
      audience: (AUDIENCES.some((a) => a.value === x.audience) ? x.audience : "") as Audience,
    })),
  };
}

export const newRule = (): RuleForm => ({ label: "", maxRequests: 300, duration: 10, audience: "" });

export const addRule = (rules: RuleForm[]): RuleForm[] => [...rules, newRule()];

export const removeRule = (rules: RuleForm[], index: number): RuleForm[] => rules.filter((_, i) => i !== index);

export function updateRule(rules: RuleForm[], index: number, patch: Partial<RuleForm>): RuleForm[] {
  return rules.map((r, i) => (i === index ? { ...r, ...patch } : r));
}

const toNumber = (v: number | string) => (typeof v === "number" ? v : String(v).trim() === "" ? 0 : Number(v));

export function rateLimitsPayload(form: RateLimitsForm): { enabled: boolean; rules: { label: string; maxRequests: number; duration: number; audience: Audience }[] } {
  return {
    enabled: form.enabled,
    rules: form.rules.map((r) => ({ label: r.label.trim(), maxRequests: toNumber(r.maxRequests), duration: toNumber(r.duration), audience: r.audience })),
  };
}

/** Errors keyed like the server's (`rateLimits.rules.0.label`). */
export function validateRateLimits(form: RateLimitsForm): ErrorMap {
  const out: ErrorMap = {};
  const seen = new Set<string>();
  form.rules.forEach((r, i) => {
    const at = `rateLimits.rules.${i}`;
    const label = r.label.trim();
    const labelError = required(label) || (LABEL_RE.test(label) ? "" : INVALID_LABEL);
    if (labelError) out[`${at}.label`] = labelError;
    const max = number(r.maxRequests, { min: 1, integer: true });
    if (max) out[`${at}.maxRequests`] = max;
    const duration = number(r.duration, { min: 1, integer: true });
    if (duration) out[`${at}.duration`] = duration;
    const key = `${label}|${r.audience}`;
    if (!labelError && seen.has(key)) out[`${at}.label`] = DUPLICATE_RULE;
    seen.add(key);
  });
  return out;
}
