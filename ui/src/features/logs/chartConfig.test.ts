import { describe, expect, it } from "vitest";
import { buildChartConfig, foundText, LOGS_CHART, statsToPoints, totalOf } from "./chartConfig";

describe("logs chart", () => {
  it("uses every constant of the spec", () => {
    const cfg = buildChartConfig([], { grid: "g", text: "t" });
    const ds = cfg.data.datasets[0];
    expect(ds.label).toBe("Total requests");
    expect(cfg.data.datasets).toHaveLength(1);
    expect(ds.borderColor).toBe("#e34562");
    expect(ds.fill).toBe(true);
    expect(ds.pointRadius).toBe(1);
    expect(ds.borderWidth).toBe(2);
    expect(cfg.options.animation).toBe(false);
    expect(cfg.options.resizeDelay).toBe(250);
    expect(cfg.options.scales.y.ticks.maxTicksLimit).toBe(4);
    expect(cfg.options.scales.y.ticks.precision).toBe(0);
    expect(cfg.options.scales.y.beginAtZero).toBe(true);
    expect(cfg.options.scales.x.ticks.maxTicksLimit).toBe(15);
    expect(cfg.options.scales.x.type).toBe("time");
    expect(cfg.options.scales.x.time.unit).toBe("hour");
    expect(LOGS_CHART.fillColor).toMatch(/^rgba\(227, 69, 98, 0\.\d+\)$/);
  });

  it("maps stats to points x=date, y=total", () => {
    const pts = statsToPoints([
      { date: "2024-01-01 11:00:00.000Z", total: 3 },
      { date: "2024-01-01 10:00:00.000Z", total: 5 },
    ]);
    expect(pts).toEqual([
      { x: Date.UTC(2024, 0, 1, 10), y: 5 },
      { x: Date.UTC(2024, 0, 1, 11), y: 3 },
    ]);
    expect(totalOf([{ date: "", total: 3 }, { date: "", total: 5 }])).toBe(8);
  });

  it("says log for exactly one and logs otherwise", () => {
    expect(foundText(1)).toBe("Found 1 log");
    expect(foundText(0)).toBe("Found 0 logs");
    expect(foundText(12)).toBe("Found 12 logs");
  });
});
