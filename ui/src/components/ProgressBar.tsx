/**
 * A horizontal progress bar with its percentage (or the given text) beside it. `fraction`
 * is 0..1, or null while the amount is unknown (the bar then shows an indeterminate sweep
 * and carries no value, as ARIA asks).
 */
export function ProgressBar({ label, fraction, text, className }: { label: string; fraction: number | null; text?: string; className?: string }) {
  const percent = fraction === null ? null : Math.max(0, Math.min(100, Math.floor(fraction * 100)));
  const shown = text ?? (percent === null ? "" : `${percent}%`);
  return (
    <div className={`progress${className ? ` ${className}` : ""}`}>
      <div
        className={`progress-bar${percent === null ? " progress-bar-indeterminate" : ""}`}
        role="progressbar"
        aria-label={label}
        aria-valuemin={percent === null ? undefined : 0}
        aria-valuemax={percent === null ? undefined : 100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={shown || undefined}
      >
        <span style={percent === null ? undefined : { width: `${percent}%` }} />
      </div>
      {shown ? (
        <span className="progress-text txt-hint" aria-hidden="true">
          {shown}
        </span>
      ) : null}
    </div>
  );
}
