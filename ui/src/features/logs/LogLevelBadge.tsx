import { levelLabel, levelVariant } from "./logLevels";

export function LogLevelBadge({ level }: { level: number }) {
  return <span className={`badge badge-level badge-${levelVariant(level)}`}>{levelLabel(level)}</span>;
}
