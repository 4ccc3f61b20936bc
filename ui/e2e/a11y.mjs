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

/** A check(label) that records the page's critical/serious violations as "[theme] label: ..." and takes a screenshot. */
export function axeChecker(ctx, page, theme, problems) {
  return async (label) => {
    await page.waitForTimeout(250);
    for (const v of await seriousViolations(page)) problems.push(`[${theme}] ${label}: ${v}`);
    await ctx.shot(page, `a11y-${label}-${theme}`);
  };
}

export function failOnViolations(problems) {
  if (problems.length) throw new Error(`axe found critical/serious violations:\n  ${problems.join("\n  ")}`);
}
