import { formatDate, parseUtcDate } from "../../lib/format";

/** A stored UTC date shown as yyyy-MM-dd HH:mm:ss UTC, with the local time as a tooltip. */
export function LogDate({ value }: { value: string }) {
  const d = parseUtcDate(value);
  return (
    <time dateTime={d ? d.toISOString() : value} title={d ? `${formatDate(d, { utc: false })} local time` : undefined} className="log-date">
      <span className="log-date-day">{formatDate(value).slice(0, 10)}</span> <span className="log-date-time">{formatDate(value).slice(11)}</span>{" "}
      <span className="txt-hint txt-xs">UTC</span>
    </time>
  );
}
