import { parseUtcDate } from "../../lib/format";

function pad(n: number, len = 2) {
  return String(n).padStart(len, "0");
}

/** yyyy-MM-dd HH:mm:ss.SSS in UTC, with the local time in the tooltip. */
export function formatRecordDate(value: string): string {
  const d = parseUtcDate(value);
  if (!d) return value;
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}`;
}

export function RecordDate({ value }: { value: string }) {
  if (!value) return <span className="txt-hint">N/A</span>;
  const d = parseUtcDate(value);
  return (
    <span className="record-date" title={d ? d.toLocaleString() + " (local)" : undefined}>
      {formatRecordDate(value)} <span className="txt-hint">UTC</span>
    </span>
  );
}
