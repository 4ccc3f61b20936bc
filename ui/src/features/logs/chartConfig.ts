import { parseUtcDate } from "../../lib/format";
import type { LogStatsItem } from "./logTypes";

/** Every constant of the logs chart. */
export const LOGS_CHART = {
  label: "Total requests",
  lineColor: "#e34562",
  fillColor: "rgba(227, 69, 98, 0.08)",
  pointRadius: 1,
  borderWidth: 2,
  resizeDelay: 250,
  maxYTicks: 4,
  maxXTicks: 15,
  timeUnit: "hour",
  animation: false,
} as const;

export interface ChartPoint {
  x: number;
  y: number;
}

/** Stats items as chart points: x = date (ms), y = total. */
export function statsToPoints(stats: LogStatsItem[]): ChartPoint[] {
  const points: ChartPoint[] = [];
  for (const s of stats) {
    const d = parseUtcDate(s.date);
    if (!d) continue;
    points.push({ x: d.getTime(), y: Number(s.total) || 0 });
  }
  return points.sort((a, b) => a.x - b.x);
}

export function totalOf(stats: LogStatsItem[]): number {
  return stats.reduce((sum, s) => sum + (Number(s.total) || 0), 0);
}

/** "Found 1 log" / "Found N logs". */
export function foundText(n: number): string {
  return `Found ${n} ${n === 1 ? "log" : "logs"}`;
}

export interface ChartColors {
  grid: string;
  text: string;
}

/** The chart.js configuration (kept free of chart.js imports so it can be unit-tested). */
export function buildChartConfig(points: ChartPoint[], colors: ChartColors) {
  return {
    type: "line" as const,
    data: {
      datasets: [
        {
          label: LOGS_CHART.label,
          data: points,
          borderColor: LOGS_CHART.lineColor,
          backgroundColor: LOGS_CHART.fillColor,
          pointBackgroundColor: LOGS_CHART.lineColor,
          pointBorderColor: LOGS_CHART.lineColor,
          pointRadius: LOGS_CHART.pointRadius,
          borderWidth: LOGS_CHART.borderWidth,
          fill: true,
          tension: 0.2,
        },
      ],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      resizeDelay: LOGS_CHART.resizeDelay,
      animation: LOGS_CHART.animation,
      interaction: { intersect: false, mode: "index" as const },
      plugins: {
        legend: { display: false },
        tooltip: { displayColors: false },
      },
      scales: {
        y: {
          beginAtZero: true,
          grid: { color: colors.grid },
          border: { display: false },
          ticks: { precision: 0, maxTicksLimit: LOGS_CHART.maxYTicks, autoSkip: true, color: colors.text },
        },
        x: {
          type: "time" as const,
          time: { unit: LOGS_CHART.timeUnit, tooltipFormat: "yyyy-MM-dd HH:mm" },
          grid: { color: colors.grid },
          border: { display: false },
          ticks: { maxTicksLimit: LOGS_CHART.maxXTicks, autoSkip: true, maxRotation: 0, color: colors.text, source: "auto" as const },
        },
      },
    },
  };
}
