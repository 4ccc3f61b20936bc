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

// Date#toLocaleString() builds a new Intl formatter on every call (~0.1 ms each, two per table
// row); one formatter with the same default options gives the same text.
let localFormat: Intl.DateTimeFormat | null = null;
function localString(d: Date): string {
  localFormat ??= new Intl.DateTimeFormat(undefined, { year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" });
  return localFormat.format(d);
}

/**
 * The local time goes into the tooltip when the pointer first reaches the date, not while rows
 * render: the first Intl formatter a page builds loads locale data (~30 ms, which the first
 * page of a list paid before it showed).
 */
function showLocalTime(e: React.PointerEvent<HTMLElement>) {
  const el = e.currentTarget;
  if (el.title) return;
  const d = parseUtcDate(el.dataset.utc ?? "");
  if (d) el.title = localString(d) + " (local)";
}

/** The date over its time (UTC), as PocketBase's list shows it: a narrow column. */
export function RecordDate({ value }: { value: string }) {
  if (!value) return <span className="txt-hint">N/A</span>;
  const text = formatRecordDate(value);
  const gap = text.indexOf(" ");
  const [day, time] = gap > 0 ? [text.slice(0, gap), text.slice(gap + 1)] : [text, ""];
  return (
    <span className="record-date" data-utc={value} onPointerEnter={showLocalTime}>
      {day}{" "}
      <span className="record-date-time">
        {time} <span className="txt-hint">UTC</span>
      </span>
    </span>
  );
}
