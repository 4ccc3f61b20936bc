/** The default log levels (value -> label). */
export const LOG_LEVELS = [
  { value: -4, label: "DEBUG" },
  { value: 0, label: "INFO" },
  { value: 4, label: "WARN" },
  { value: 8, label: "ERROR" },
] as const;

/** The label of a level; values between the defaults get the nearest lower default label with the number. */
export function levelLabel(level: number): string {
  const exact = LOG_LEVELS.find((l) => l.value === level);
  if (exact) return exact.label;
  let best: (typeof LOG_LEVELS)[number] | undefined;
  for (const l of LOG_LEVELS) if (level > l.value) best = l;
  return best ? `${best.label}(${level})` : `LEVEL(${level})`;
}

/** Badge variant of a level. */
export function levelVariant(level: number): "debug" | "info" | "warn" | "error" {
  if (level >= 8) return "error";
  if (level >= 4) return "warn";
  if (level >= 0) return "info";
  return "debug";
}
