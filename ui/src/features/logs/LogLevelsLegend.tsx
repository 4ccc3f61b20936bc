import { LOG_LEVELS } from "./logLevels";
import { levelVariant } from "./logLevels";

/** The default log levels, by name. */
export function LogLevelsLegend() {
  return (
    <div className="logs-levels">
      <span className="txt-hint txt-sm" id="log-levels-label">
        Default log levels:
      </span>
      <ul aria-labelledby="log-levels-label" className="logs-levels-list">
        {LOG_LEVELS.map((l) => (
          <li key={l.value}>
            <span className={`badge badge-level badge-${levelVariant(l.value)}`}>{l.label}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
