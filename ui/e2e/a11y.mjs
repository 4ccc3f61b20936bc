import { AxeBuilder } from "@axe-core/playwright";

/** Runs axe on the page; returns the critical and serious violations as readable lines. */
export async function seriousViolations(page, { exclude = [] } = {}) {
  let builder = new AxeBuilder({ page });
  for (const sel of exclude) builder = builder.exclude(sel);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === "critical" || v.impact === "serious")
    .map((v) => `${v.impact} ${v.id}: ${v.help} -> ${v.nodes.map((n) => n.target.join(" ")).slice(0, 4).join(" | ")}`);
}
