import { lazy, Suspense, useEffect, useMemo } from "react";
import { Spinner } from "../../components/Spinner";
import { useLogStats } from "../../data/logs/logStats";
import { handleError, normalizeError } from "../../lib/errors";
import { foundText, statsToPoints, totalOf } from "./chartConfig";

const LogsChartCanvas = lazy(() => import("./LogsChartCanvas"));

/** Request totals over time for the current filter; chart.js is loaded on demand. */
export function LogsChart({ filter, userFilter }: { filter: string; userFilter: string }) {
  const stats = useLogStats(filter);

  useEffect(() => {
    if (!stats.error) return;
    const e = normalizeError(stats.error);
    if (e.status === 400 && userFilter) return; // an invalid filter: the list shows nothing, no toast
    handleError(stats.error);
  }, [stats.error, userFilter]);

  const data = useMemo(() => (stats.isError ? [] : (stats.data ?? [])), [stats.isError, stats.data]);
  const points = useMemo(() => statsToPoints(data), [data]);
  const loading = stats.isFetching;

  return (
    <section className="logs-chart" aria-label="Requests over time">
      <div className="logs-chart-meta">
        {loading ? <Spinner size="sm" label="Loading stats..." /> : <span className="txt-hint" aria-live="polite">{foundText(totalOf(data))}</span>}
      </div>
      <div className={`logs-chart-canvas${loading ? " faded" : ""}`}>
        <Suspense fallback={<div className="logs-chart-placeholder" />}>
          <LogsChartCanvas points={points} />
        </Suspense>
      </div>
    </section>
  );
}
