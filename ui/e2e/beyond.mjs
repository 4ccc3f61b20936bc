// Beyond PocketBase v0.22 in the dashboard: the Rate limits section (Cairn only) and the API docs
// panel's Download OpenAPI button and TypeScript tab (Cairn only; the reference shows neither).
import { readFileSync } from "node:fs";
import { axeChecker, failOnViolations } from "./a11y.mjs";
import { adminToken, signIn } from "./adminSession.mjs";
import { equal, hidden, ok, visible } from "./expect.mjs";

const COLLECTION = "e2e_beyond";

export const beyondJourneys = [
  {
    name: "beyond: rate limits and OpenAPI in the dashboard",
    async run(ctx) {
      const cairn = ctx.server === "cairn";
      const token = await adminToken(ctx);
      const target = await ctx.api.call("GET", `/api/collections/${COLLECTION}`, { token });
      if (target.status === 404) {
        target.json = await ctx.api.expectOk("POST", "/api/collections", {
          token,
          body: { name: COLLECTION, type: "base", schema: [{ name: "title", type: "text", required: true }, { name: "state", type: "select", options: { maxSelect: 1, values: ["on", "off"] } }] },
        });
      }
      const { page } = await ctx.newPage({ acceptDownloads: true });
      const problems = [];
      const check = axeChecker(ctx, page, "light", problems);
      await signIn(ctx, page);

      // Application settings: the section exists only where the settings have rateLimits
      await page.goto(ctx.url("/settings"));
      await visible(page.getByLabel("Application name"));
      if (cairn) {
        await visible(page.getByRole("heading", { name: "Rate limits" }));
        await page.getByRole("switch", { name: "Enable rate limiting" }).check();
        await page.getByRole("button", { name: "Add rate limit rule" }).click();
        await page.getByLabel("Rule 1 label").fill("not a label");
        await page.getByLabel("Rule 1 max requests").fill("0");
        await page.getByRole("button", { name: "Save changes" }).click();
        await visible(page.getByText("Invalid label format."));
        await visible(page.getByText("Must be no less than 1."));
        await check("rate-limits-errors");
        await page.getByLabel("Rule 1 label").fill("posts:create");
        await page.getByLabel("Rule 1 max requests").fill("20");
        await page.getByLabel("Rule 1 duration (in seconds)").fill("5");
        await page.getByLabel("Rule 1 audience").selectOption({ label: "Auth only" });
        await page.getByRole("button", { name: "Save changes" }).click();
        await visible(page.getByText("Successfully saved application settings."));
        const saved = await ctx.api.expectOk("GET", "/api/settings", { token });
        equal(JSON.stringify(saved.rateLimits), JSON.stringify({ enabled: true, rules: [{ label: "posts:create", maxRequests: 20, duration: 5, audience: "@auth" }] }), "rate limits saved");
        // switch limits off again so later journeys are never throttled
        await ctx.api.expectOk("PATCH", "/api/settings", { token, body: { rateLimits: { enabled: false, rules: [] } } });
      } else {
        equal(await page.getByRole("heading", { name: "Rate limits" }).count(), 0, "no rate limits on the reference");
      }

      // API docs panel
      await page.goto(ctx.url(`/collections?collectionId=${encodeURIComponent(target.json.id)}`));
      await page.getByRole("button", { name: "API Preview" }).click();
      const docs = page.getByRole("dialog", { name: /API Preview/ });
      await visible(docs.getByRole("heading", { name: `List/Search (${COLLECTION})` }));
      const download = docs.getByRole("button", { name: "Download OpenAPI" });
      if (cairn) {
        await visible(download);
        const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
        equal(file.suggestedFilename(), "openapi.json", "download name");
        const doc = JSON.parse(readFileSync(await file.path(), "utf8"));
        ok(String(doc.openapi).startsWith("3.1"), "an OpenAPI 3.1 document");
        ok(doc.components?.schemas?.[`${COLLECTION}Record`], "the collection's schema in the document");
        await docs.getByRole("tab", { name: "TypeScript" }).click();
        const code = docs.getByLabel("TypeScript types", { exact: true });
        await visible(code);
        const text = await code.textContent();
        ok(text.includes("export interface E2eBeyondRecord {") && text.includes('export type E2eBeyondStateOptions = "on" | "off";'), "the collection's types");
        await visible(docs.getByRole("button", { name: "Copy TypeScript types" }));
        await check("docs-typescript");
      } else {
        // the availability check has answered (404) once the panel settled: still no button
        await page.waitForTimeout(500);
        equal(await download.count(), 0, "no OpenAPI download on the reference");
        equal(await docs.getByRole("tab", { name: "TypeScript" }).count(), 0, "no TypeScript tab on the reference");
      }
      await page.keyboard.press("Escape");
      await hidden(docs);
      failOnViolations(problems);
    },
  },
];
