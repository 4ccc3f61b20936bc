import { useEffect, useRef } from "react";
import { Chart, Filler, LinearScale, LineController, LineElement, PointElement, TimeScale, Tooltip } from "chart.js";
import "chartjs-adapter-date-fns";
import { useStore } from "../../lib/store";
import { themeStore } from "../../lib/theme";
import { buildChartConfig, type ChartPoint } from "./chartConfig";

Chart.register(LineController, LineElement, PointElement, LinearScale, TimeScale, Filler, Tooltip);

function cssVar(name: string, fallback: string): string {
  const v = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return v || fallback;
}

/** The chart.js canvas (this module, with chart.js, loads only when the logs page needs it). */
export default function LogsChartCanvas({ points }: { points: ChartPoint[] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart | null>(null);
  const theme = useStore(themeStore);

  useEffect(() => {
    if (!canvas.current) return;
    const colors = { grid: cssVar("--chart-grid", "rgba(0,0,0,0.06)"), text: cssVar("--txt-hint-color", "#666") };
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    chart.current = new Chart(canvas.current, buildChartConfig([], colors) as any);
    return () => {
      chart.current?.destroy();
      chart.current = null;
    };
  }, [theme]);

  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    c.data.datasets[0].data = points;
    c.update();
  }, [points, theme]);

  return <canvas ref={canvas} role="img" aria-label={`Line chart of requests per hour, ${points.length} data points`} />;
}
