/** The comparison operators of the filter language recognised by the plain-text rule. */
export const FILTER_OPERATORS = ["=", "!=", "~", "!~", ">", ">=", "<", "<="] as const;

/** Excludes requests made by admins. */
export const ADMIN_EXCLUSION_FILTER = 'data.auth!="admin"';

/** The fields a plain search term is matched against. */
export const LOG_SEARCH_FIELDS = ["level", "message", "data"] as const;

/** Known keys of log data, offered by the filter autocomplete as data.<key>. */
export const LOG_DATA_KEYS = ["execTime", "type", "auth", "status", "method", "url", "referer", "remoteIp", "userIp", "userAgent", "error", "details"] as const;

/** Autocomplete keys: level, message, data.* */
export const LOG_FILTER_KEYS: string[] = ["level", "message", "data", ...LOG_DATA_KEYS.map((k) => `data.${k}`)];

const OPERATOR_RE = /(!=|!~|>=|<=|=|~|>|<)/;

export function hasFilterOperator(text: string): boolean {
  return OPERATOR_RE.test(text);
}

function isNumeric(text: string): boolean {
  return /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text);
}

function isBoolean(text: string): boolean {
  return text === "true" || text === "false";
}

/** Wraps text in double quotes, escaping backslashes and quotes. */
export function quoteFilterValue(text: string): string {
  return `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

/**
 * Plain text (no operator) becomes a "contains" match on each field joined with OR; numbers and
 * booleans stay bare, anything else is quoted. Text with an operator is used as written.
 */
export function normalizeSearchFilter(text: string, fields: readonly string[] = LOG_SEARCH_FIELDS, extraFields: readonly string[] = []): string {
  const trimmed = (text ?? "").trim();
  if (!trimmed) return "";
  if (hasFilterOperator(trimmed)) return trimmed;
  const value = isNumeric(trimmed) || isBoolean(trimmed) ? trimmed : quoteFilterValue(trimmed);
  return [...fields, ...extraFields].map((f) => `${f}~${value}`).join(" || ");
}

/** Joins filter parts with &&, each wrapped in parentheses; empty parts are dropped. */
export function joinFilters(...parts: (string | null | undefined)[]): string {
  const kept = parts.map((p) => (p ?? "").trim()).filter(Boolean);
  if (kept.length <= 1) return kept[0] ?? "";
  return kept.map((p) => `(${p})`).join(" && ");
}

/** The preset filter: admin requests excluded unless included. */
export function presetFilter(includeAdminRequests: boolean): string {
  return includeAdminRequests ? "" : ADMIN_EXCLUSION_FILTER;
}

/** The filter sent to the list and stats calls: presets AND the normalized user filter. */
export function effectiveLogsFilter(userText: string, includeAdminRequests: boolean): string {
  return joinFilters(presetFilter(includeAdminRequests), normalizeSearchFilter(userText));
}
