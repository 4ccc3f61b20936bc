// Records export and import from the records list header, on both servers: Cairn streams the
// export and imports through its batch endpoint; against PocketBase the dashboard pages the list
// and creates records one by one. Axe on both popups, light and dark, at 1440 and 768 px.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { axeChecker, failOnViolations } from "./a11y.mjs";
import { adminToken, signIn } from "./adminSession.mjs";
import { equal, hidden, ok, visible } from "./expect.mjs";

const EXPORTED = "e2e_export";
const IMPORTED = "e2e_import";
const TRICKY = 'comma, "quote"\r\nand a new line';
const TOTAL = 620; // more than one page of the export's reads (500), far more than the list loads (40)

async function ensureCollection(ctx, token, body) {
  const found = await ctx.api.call("GET", `/api/collections/${body.name}`, { token });
  if (found.status === 200) await ctx.api.expectOk("DELETE", `/api/collections/${body.name}`, { token });
  return ctx.api.expectOk("POST", "/api/collections", { token, body });
}

/** Creates records through the API, a few at a time. */
async function seed(ctx, token, collection, rows) {
  for (let i = 0; i < rows.length; i += 20) {
    await Promise.all(rows.slice(i, i + 20).map((body) => ctx.api.expectOk("POST", `/api/collections/${collection}/records`, { token, body })));
  }
}

async function download(page, click) {
  const [file] = await Promise.all([page.waitForEvent("download"), click()]);
  return { name: file.suggestedFilename(), text: readFileSync(await file.path(), "utf8") };
}

const count = async (ctx, token, collection) => (await ctx.api.expectOk("GET", `/api/collections/${collection}/records?perPage=1`, { token })).totalItems;

export const transferJourneys = [
  {
    name: "records export: every matching record, filter, sort and visible columns, CSV and JSON",
    async run(ctx) {
      const token = await adminToken(ctx);
      const c = await ensureCollection(ctx, token, {
        name: EXPORTED,
        type: "base",
        schema: [
          { name: "title", type: "text" },
          { name: "n", type: "number" },
          { name: "tags", type: "select", options: { maxSelect: 3, values: ["a", "b", "c"] } },
          { name: "note", type: "text" },
        ],
      });
      await seed(ctx, token, EXPORTED, Array.from({ length: TOTAL }, (_, i) => ({ title: i === 7 ? TRICKY : `t${i}`, n: i, tags: i % 2 ? ["a", "c"] : [], note: "hidden" })));
      const { page } = await ctx.newPage({ acceptDownloads: true });
      // the note column is hidden: the export leaves it out
      await page.addInitScript((id) => localStorage.setItem(`${id}@hiddenColumns`, JSON.stringify(["note", "@updated"])), c.id);
      await signIn(ctx, page);
      const filter = "n >= 5 && n != 100";
      await page.goto(ctx.url(`/collections?collectionId=${c.id}&filter=${encodeURIComponent(filter)}&sort=-n`));
      await visible(page.getByRole("button", { name: "Load more" }));

      const exportButton = page.locator(".page-header").getByRole("button", { name: "Export", exact: true });
      await exportButton.click();
      const popup = page.getByRole("dialog", { name: `Export ${EXPORTED} records` });
      await visible(popup.getByText("id, title, n, tags, created"));
      const csv = await download(page, () => popup.getByRole("button", { name: "Export", exact: true }).click());
      equal(csv.name, `${EXPORTED}.csv`, "csv file name");
      const rows = parse(csv.text);
      equal(JSON.stringify(rows[0]), JSON.stringify(["id", "title", "n", "tags", "created"]), "the visible columns, in order");
      const expected = Array.from({ length: TOTAL }, (_, i) => TOTAL - 1 - i).filter((n) => n >= 5 && n !== 100);
      equal(JSON.stringify(rows.slice(1).map((r) => Number(r[2]))), JSON.stringify(expected), "every matching record, sorted");
      const tricky = rows.find((r) => r[2] === "7");
      equal(tricky[1], TRICKY, "quotes, commas and line breaks survive");
      equal(rows.find((r) => r[2] === "9")[3], '["a","c"]', "multi-values as JSON text");
      ok(csv.text.includes("\r\n"), "CRLF line ends");

      await hidden(popup);
      await exportButton.click();
      await popup.getByLabel("JSON", { exact: true }).check();
      const json = await download(page, () => popup.getByRole("button", { name: "Export", exact: true }).click());
      equal(json.name, `${EXPORTED}.json`, "json file name");
      const items = JSON.parse(json.text);
      equal(items.length, expected.length, "json: every matching record");
      equal(items[0].n, TOTAL - 1, "json: sorted");
      equal(JSON.stringify(Object.keys(items[0]).sort()), JSON.stringify(["created", "id", "n", "tags", "title"]), "json: the visible columns");

      // the API docs panel describes both endpoints where the server has them
      await hidden(popup);
      await page.getByRole("button", { name: "API Preview" }).click();
      const docs = page.getByRole("dialog", { name: /API Preview/ });
      await visible(docs.getByRole("heading", { name: `List/Search (${EXPORTED})` }));
      if (ctx.server === "cairn") {
        await docs.getByRole("tab", { name: "Export", exact: true }).click();
        await visible(docs.getByRole("heading", { name: `Export (${EXPORTED})` }));
        await docs.getByRole("tab", { name: "Import", exact: true }).click();
        await visible(docs.getByRole("heading", { name: `Import (${EXPORTED})` }));
      } else {
        await page.waitForTimeout(500);
        equal(await docs.getByRole("tab", { name: "Export", exact: true }).count(), 0, "no export tab on the reference");
      }
    },
  },
  {
    name: "records import: column mapping, preview, field errors by row, all-or-nothing, failed rows download",
    async run(ctx) {
      const token = await adminToken(ctx);
      const c = await ensureCollection(ctx, token, {
        name: IMPORTED,
        type: "base",
        schema: [
          { name: "title", type: "text", required: true },
          { name: "n", type: "number" },
          { name: "kind", type: "select", options: { maxSelect: 1, values: ["x", "y"] } },
          { name: "doc", type: "file", options: { maxSelect: 1, maxSize: 1000 } },
        ],
      });
      const lines = ["label,N,kind,extra"];
      for (let i = 1; i <= 30; i++) lines.push(i === 3 ? `,${i},x,e` : i === 7 ? `"Row, seven",${i},zzz,e` : `"Title ${i}",${i},${i % 2 ? "x" : "y"},e`);
      const dir = mkdtempSync(path.join(tmpdir(), "cairn-import-"));
      const file = path.join(dir, "books.csv");
      writeFileSync(file, lines.join("\r\n") + "\r\n");

      const { page } = await ctx.newPage({ acceptDownloads: true });
      await signIn(ctx, page);
      await page.goto(ctx.url(`/collections?collectionId=${c.id}`));
      const openImport = async () => {
        await page.locator(".page-header").getByRole("button", { name: "Import", exact: true }).click();
        const panel = page.getByRole("dialog", { name: `Import ${IMPORTED} records` });
        await visible(panel.getByText("File fields are skipped"));
        await panel.getByLabel("CSV or JSON file").setInputFiles(file);
        await visible(panel.getByText("30 rows in books.csv."));
        // matched by name (case aside), the rest changeable
        equal(await panel.getByLabel("Field for column N").inputValue(), "n", "N matched to n");
        equal(await panel.getByLabel("Field for column label").inputValue(), "", "label not matched");
        await panel.getByLabel("Field for column label").selectOption("title");
        await visible(panel.getByRole("region", { name: "Preview of the first 5 rows" }).getByText("Title 2"));
        return panel;
      };

      let panel = await openImport();
      await panel.getByLabel("All or nothing: import no row if any row fails").check();
      await panel.getByRole("button", { name: "Import 30 rows" }).click();
      await visible(panel.getByText("0 imported, 2 failed."));
      ok((await panel.getByRole("list", { name: "Failed rows" }).getByRole("listitem").first().textContent()).startsWith("Row 3: title:"), "all or nothing: row 3's error");
      equal(await count(ctx, token, IMPORTED), 0, "all or nothing: nothing imported");
      await panel.getByRole("button", { name: "Close", exact: true }).last().click();
      await hidden(panel);

      panel = await openImport();
      await panel.getByRole("button", { name: "Import 30 rows" }).click();
      await visible(panel.getByText("28 imported, 2 failed."));
      const failures = panel.getByRole("list", { name: "Failed rows" }).getByRole("listitem");
      equal(await failures.count(), 2, "two failed rows listed");
      ok((await failures.nth(0).textContent()).startsWith("Row 3: title:"), "row 3 names its field");
      ok((await failures.nth(1).textContent()).startsWith("Row 7: kind:"), "row 7 names its field");
      const failed = await download(page, () => panel.getByRole("button", { name: "Download failed rows (CSV)" }).click());
      const failedRows = parse(failed.text);
      equal(JSON.stringify(failedRows[0]), JSON.stringify(["row", "label", "N", "kind", "extra", "errors"]), "failed rows: header");
      equal(JSON.stringify(failedRows.slice(1).map((r) => [r[0], r[1]])), JSON.stringify([["3", ""], ["7", "Row, seven"]]), "failed rows: numbers and values");
      ok(failedRows[2][5].startsWith("kind:"), "failed rows: errors");
      equal(await count(ctx, token, IMPORTED), 28, "valid rows imported");
      const first = await ctx.api.expectOk("GET", `/api/collections/${IMPORTED}/records?filter=${encodeURIComponent("n = 2")}`, { token });
      equal(JSON.stringify([first.items[0].title, first.items[0].kind]), JSON.stringify(["Title 2", "y"]), "typed values");
      await panel.getByRole("button", { name: "Close", exact: true }).last().click();
    },
  },
  {
    name: "records export and import popups: axe in both themes at 1440 and 768 px",
    onlyOn: "cairn",
    async run(ctx) {
      const token = await adminToken(ctx);
      const c = await ctx.api.expectOk("GET", `/api/collections/${IMPORTED}`, { token });
      const problems = [];
      const dir = mkdtempSync(path.join(tmpdir(), "cairn-import-"));
      const file = path.join(dir, "rows.json");
      writeFileSync(file, JSON.stringify([{ title: "ok", n: 1 }, { n: 2 }]));
      for (const theme of ["light", "dark"]) {
        for (const width of [1440, 768]) {
          const { page } = await ctx.newPage({ theme });
          await page.setViewportSize({ width, height: 900 });
          const check = axeChecker(ctx, page, theme, problems);
          await signIn(ctx, page);
          await page.goto(ctx.url(`/collections?collectionId=${c.id}`));
          await page.locator(".page-header").getByRole("button", { name: "Export", exact: true }).click();
          const exportPopup = page.getByRole("dialog", { name: `Export ${IMPORTED} records` });
          await visible(exportPopup.getByLabel("CSV (multi-values as JSON text)"));
          await check(`records-export-${width}`);
          // Escape closes the popup even while a radio button has the focus.
          await exportPopup.getByLabel("CSV (multi-values as JSON text)").focus();
          await page.keyboard.press("Escape");
          await hidden(exportPopup);
          await page.locator(".page-header").getByRole("button", { name: "Import", exact: true }).click();
          const panel = page.getByRole("dialog", { name: `Import ${IMPORTED} records` });
          await panel.getByLabel("CSV or JSON file").setInputFiles(file);
          await visible(panel.getByRole("region", { name: "Preview of the first 2 rows" }));
          await check(`records-import-mapping-${width}`);
          await panel.getByRole("button", { name: "Import 2 rows" }).click();
          await visible(panel.getByText("1 imported, 1 failed."));
          await check(`records-import-done-${width}`);
          await page.close();
        }
      }
      failOnViolations(problems);
    },
  },
];
