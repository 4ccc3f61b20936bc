/**
 * Validation of the auto-backup cron expression with the reference's acceptance and error
 * messages: a macro, or exactly five single-space separated segments (minute, hour, day of
 * month, month, day of week) made of numbers, lists, ranges and steps. No names (JAN, MON).
 */

export const CRON_MACROS: Record<string, string> = {
  "@yearly": "0 0 1 1 *",
  "@annually": "0 0 1 1 *",
  "@monthly": "0 0 1 * *",
  "@weekly": "0 0 * * 0",
  "@daily": "0 0 * * *",
  "@midnight": "0 0 * * *",
  "@hourly": "0 * * * *",
};

/** [min, max] of minute, hour, day of month, month, day of week. */
const SEGMENTS: [min: number, max: number][] = [[0, 59], [0, 23], [1, 31], [1, 12], [0, 6]];

class CronError extends Error {}

/** Returns null when valid, else the reference's message for the first problem found. */
export function cronError(expr: string): string | null {
  try {
    parseCron(expr);
    return null;
  } catch (err) {
    if (err instanceof CronError) return err.message;
    throw err;
  }
}

/** Parses an expression into the sets of allowed values per segment (throws on invalid). */
export function parseCron(expr: string): Set<number>[] {
  const text = CRON_MACROS[expr] ?? expr;
  const segments = text.split(" ");
  if (segments.length !== 5) {
    throw new CronError("Invalid cron expression - must be a valid macro or to have exactly 5 space separated segments.");
  }
  return segments.map((seg, i) => parseSegment(seg, SEGMENTS[i][0], SEGMENTS[i][1]));
}

function parseSegment(segment: string, min: number, max: number): Set<number> {
  const values = new Set<number>();
  for (const part of segment.split(",")) {
    const stepParts = part.split("/");
    if (stepParts.length > 2) throw new CronError("Invalid segment step format - must be in the format */n or 1-30/n.");
    let step = 1;
    if (stepParts.length === 2) {
      step = atoi(stepParts[1]);
      if (step < 1 || step > max) throw new CronError(`Invalid segment step boundary - the step must be between 1 and the ${max}.`);
    }
    let from: number;
    let to: number;
    if (stepParts[0] === "*") {
      from = min;
      to = max;
    } else {
      const range = stepParts[0].split("-");
      if (range.length > 2) throw new CronError("Invalid segment range format - the range must have 1 or 2 parts.");
      if (range.length === 1) {
        if (step > 1) throw new CronError("Invalid segement step - step > 1 could be used only with the wildcard or range format.");
        const v = atoi(range[0]);
        if (v < min || v > max) throw new CronError("Invalid segment value - must be between the min and max of the segment.");
        from = to = v;
      } else {
        from = atoi(range[0]);
        if (from < min || from > max) throw new CronError(`Invalid segment range minimum - must be between ${min} and ${max}.`);
        to = atoi(range[1]);
        if (to < from || to > max) throw new CronError(`Invalid segment range maximum - must be between ${from} and ${max}.`);
      }
    }
    for (let v = from; v <= to; v += step) values.add(v);
  }
  return values;
}

const INT64_MAX = 2n ** 63n - 1n;

/** Decimal integer parsing with an optional sign and the reference's error wording. */
function atoi(s: string): number {
  const syntax = () => new CronError(`Strconv.Atoi: parsing ${goQuote(s)}: invalid syntax.`);
  let i = 0;
  const negative = s[0] === "-";
  if (s[0] === "+" || s[0] === "-") i = 1;
  if (i >= s.length) throw syntax();
  let n = 0n;
  const limit = negative ? INT64_MAX + 1n : INT64_MAX;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) throw syntax();
    n = n * 10n + BigInt(c - 48);
    if (n > limit) throw new CronError(`Strconv.Atoi: parsing ${goQuote(s)}: value out of range.`);
  }
  return Number(negative ? -n : n);
}

/** A double-quoted string with Go's escapes for quotes, backslashes and control characters. */
export function goQuote(s: string): string {
  const named: Record<string, string> = { "\x07": "\\a", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\v": "\\v", '"': '\\"', "\\": "\\\\" };
  let out = '"';
  for (const ch of s) {
    const code = ch.codePointAt(0)!;
    if (named[ch]) out += named[ch];
    else if (code < 0x20 || code === 0x7f) out += "\\x" + code.toString(16).padStart(2, "0");
    else out += ch;
  }
  return out + '"';
}
