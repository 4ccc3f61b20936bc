// Journeys of the Sync pages: export collections, edit the JSON, import it back with the diff shown.
import { readFile } from "node:fs/promises";
import { axeChecker, failOnViolations } from "./a11y.mjs";
import { adminToken, signIn } from "./adminSession.mjs";
import { equal, eventually, hidden, ok, visible } from "./expect.mjs";

const POSTS = "e2e_sync_posts";
const ADDED = "e2e_sync_added";

async function ensurePosts(ctx) {
  const token = await adminToken(ctx);
  const found = await ctx.api.call("GET", `/api/collections/${POSTS}`, { token });
  if (found.status === 200) return found.json;
  return ctx.api.expectOk("POST", "/api/collections", {
    token,
    body: {
      name: POSTS,
      type: "base",
      schema: [
        { name: "title", type: "text" },
        { name: "body", type: "editor" },
      ],
    },
  });
}

async function textareaValue(page) {
  return page.getByLabel(/Paste below the collections configuration/).inputValue();
}

export const syncJourneys = [
  {
    name: "sync: export collections",
    async run(ctx) {
      const posts = await ensurePosts(ctx);
      const { context, page } = await ctx.newPage({ acceptDownloads: true });
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await signIn(ctx, page);
      await page.goto(ctx.url("/settings/export-collections"));
      await visible(page.getByRole("heading", { name: "Export collections" }));
      equal(await page.title(), "Export collections - Acme - Cairn", "page title");
      const preview = page.getByTestId("export-preview");
      await visible(preview);
      const selectAll = page.getByRole("checkbox", { name: "Select all" });
      ok(await selectAll.isChecked(), "everything selected at first");
      const all = JSON.parse(await preview.textContent());
      ok(all.some((c) => c.name === POSTS) && all.some((c) => c.name === "users"), "all collections in the preview");
      ok(all.every((c) => !("created" in c) && !("updated" in c)), "no created/updated in the export");
      await ctx.shot(page, "export-collections");

      // none, then one collection
      await selectAll.uncheck();
      equal((await preview.textContent()).trim(), "[]", "empty selection");
      ok(await page.getByRole("button", { name: "Download as JSON" }).isDisabled(), "download disabled without a selection");
      await page.getByRole("checkbox", { name: POSTS, exact: true }).check();
      const one = JSON.parse(await preview.textContent());
      equal(one.length, 1, "one selected");
      equal(one[0].id, posts.id, "the selected collection");

      // Ctrl+A inside the preview selects only the preview
      await preview.click();
      await page.keyboard.press("Control+A");
      const selected = await page.evaluate(() => window.getSelection()?.toString() ?? "");
      equal(selected.trim(), (await preview.textContent()).trim(), "selection = preview text");

      await page.getByRole("button", { name: "Copy", exact: true }).click();
      await visible(page.getByText("The configuration was copied to your clipboard!"));
      const clip = await page.evaluate(() => navigator.clipboard.readText());
      equal(JSON.parse(clip)[0].name, POSTS, "copied configuration");

      await selectAll.check();
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download as JSON" }).click()]);
      equal(download.suggestedFilename(), "pb_schema.json", "file name");
      const file = JSON.parse(await readFile(await download.path(), "utf8"));
      equal(JSON.stringify(file), JSON.stringify(JSON.parse(await preview.textContent())), "downloaded = previewed");
      ctx.syncExport = file;
    },
  },
  {
    name: "sync: import collections with the diff",
    async run(ctx) {
      const posts = await ensurePosts(ctx);
      const token = await adminToken(ctx);
      const exported = ctx.syncExport ?? (await ctx.api.expectOk("GET", "/api/collections?perPage=200", { token })).items;
      // edit: title becomes required, a field is added, a new collection appears
      const edited = structuredClone(exported.filter((c) => c.name === POSTS));
      const title = edited[0].schema.find((f) => f.name === "title");
      title.required = true;
      edited[0].schema.push({ id: "e2esyncsummary", name: "summary", type: "text", system: false, required: false, presentable: false, options: { min: null, max: 200, pattern: "" } });
      edited.push({ id: "e2esyncadded001", name: ADDED, type: "base", system: false, schema: [{ id: "e2esynclabel01", name: "label", type: "text", system: false, required: false, presentable: false, options: { min: null, max: null, pattern: "" } }], indexes: [], listRule: null, viewRule: null, createRule: null, updateRule: null, deleteRule: null, options: {} });

      const { page } = await ctx.newPage();
      await signIn(ctx, page);
      await page.goto(ctx.url("/settings/import-collections"));
      await visible(page.getByRole("heading", { name: "Import collections" }));
      const textarea = page.getByLabel(/Paste below the collections configuration/);
      const review = page.getByRole("button", { name: "Review" });
      ok(await review.isDisabled(), "Review disabled while empty");

      await textarea.fill('{"not": "an array"}');
      await visible(page.getByText("Invalid collections configuration."));
      ok(await review.isDisabled(), "Review disabled for invalid input");
      await textarea.fill("[]");
      await visible(page.getByText("Invalid collections configuration."));

      // without merge the missing collections count as deleted
      await textarea.fill(JSON.stringify(edited, null, 2));
      await hidden(page.getByText("Invalid collections configuration."));
      const changes = page.getByRole("region", { name: "Detected changes" });
      await visible(changes);
      await visible(changes.getByRole("listitem").filter({ hasText: "Deleted" }).filter({ hasText: "users" }));
      await visible(changes.getByRole("listitem").filter({ hasText: "Changed" }).filter({ hasText: POSTS }));
      await visible(changes.getByRole("listitem").filter({ hasText: "Added" }).filter({ hasText: ADDED }));
      await ctx.shot(page, "import-collections");

      // with merge nothing is deleted
      await page.getByRole("checkbox", { name: "Merge with the existing collections" }).check();
      await hidden(changes.getByText("Deleted"));
      equal(await changes.getByRole("listitem").count(), 2, "changed + added");

      // the diff popup
      await review.click();
      const dialog = page.getByRole("dialog", { name: "Side-by-side diff" });
      await visible(dialog);
      const postsTable = dialog.getByRole("region", { name: `Changed ${POSTS}` });
      await visible(postsTable);
      for (const col of ["Props", "Old", "New"]) await visible(postsTable.getByRole("columnheader", { name: col }));
      const requiredRow = postsTable.getByRole("row", { name: /required false true/ });
      equal(await requiredRow.count(), 1, "title.required row false -> true");
      ok((await requiredRow.getAttribute("class"))?.includes("diff-row-changed"), "changed row marked");
      await visible(postsTable.getByRole("row", { name: /schema field summary Added/ }));
      await visible(dialog.getByRole("region", { name: `Added ${ADDED}` }));
      await ctx.shot(page, "import-diff");
      // not closed by a click outside; closed by Escape
      await page.mouse.click(8, 8);
      await page.waitForTimeout(300);
      await visible(dialog);
      await page.keyboard.press("Escape");
      await hidden(dialog);
      await review.click();
      await visible(dialog);
      await dialog.getByRole("button", { name: "Confirm and import" }).click();
      await visible(page.getByText("Successfully imported collections configuration."));
      await hidden(dialog);
      equal(await textareaValue(page), "", "cleared after the import");

      const after = await ctx.api.expectOk("GET", `/api/collections/${POSTS}`, { token });
      equal(after.schema.find((f) => f.name === "title").required, true, "title required after import");
      ok(after.schema.some((f) => f.name === "summary") && after.schema.some((f) => f.name === "body"), "summary added and body kept");
      const added = await ctx.api.expectOk("GET", `/api/collections/${ADDED}`, { token });
      equal(added.id, "e2esyncadded001", "added collection id");
      equal(after.id, posts.id, "same collection id");
    },
  },
  {
    name: "sync: original ids, file loading and the delete confirmation",
    async run(ctx) {
      const token = await adminToken(ctx);
      const existing = await ctx.api.expectOk("GET", `/api/collections/${ADDED}`, { token });
      const { page } = await ctx.newPage();
      await signIn(ctx, page);
      await page.goto(ctx.url("/settings/import-collections"));
      const textarea = page.getByLabel(/Paste below the collections configuration/);
      await visible(textarea);

      // same name, other ids -> "Replace with original ids"
      const clash = [{ ...existing, id: "otherid00000001", schema: existing.schema.map((f) => ({ ...f, id: "otherfield0001", options: { ...f.options, max: 5 } })) }];
      delete clash[0].created;
      delete clash[0].updated;
      await textarea.fill(JSON.stringify(clash));
      const replace = page.getByRole("button", { name: "Replace with original ids" });
      await visible(replace);
      await page.getByRole("checkbox", { name: "Merge with the existing collections" }).check();
      await visible(page.getByRole("region", { name: "Detected changes" }).getByRole("listitem").filter({ hasText: "Added" }));
      await replace.click();
      await hidden(replace);
      const replaced = JSON.parse(await textareaValue(page));
      equal(replaced[0].id, existing.id, "original collection id");
      equal(replaced[0].schema[0].id, existing.schema[0].id, "original field id");
      const changes = page.getByRole("region", { name: "Detected changes" });
      equal(await changes.getByRole("listitem").count(), 1, "one change");
      await visible(changes.getByRole("listitem").filter({ hasText: "Changed" }));
      await page.getByRole("button", { name: "Clear" }).click();
      equal(await textareaValue(page), "", "cleared");

      // load from a file; a file without collections is refused and clears the input
      const input = page.locator('input[type="file"][accept=".json,application/json"]');
      await input.setInputFiles({ name: "empty.json", mimeType: "application/json", buffer: Buffer.from("[]") });
      await visible(page.getByText("Invalid collections configuration."));
      equal(await textareaValue(page), "", "input cleared after a bad file");
      const onlyAdded = [{ ...existing }];
      delete onlyAdded[0].created;
      delete onlyAdded[0].updated;
      await input.setInputFiles({ name: "schema.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(onlyAdded)) });
      await eventually(async () => (await textareaValue(page)).includes(ADDED), { message: "file content in the textarea" });

      // without merge every other collection would be deleted: the confirmation lists them; No keeps everything
      await visible(page.getByRole("region", { name: "Detected changes" }).getByText("Deleted").first());
      await page.getByRole("button", { name: "Review" }).click();
      const dialog = page.getByRole("dialog", { name: "Side-by-side diff" });
      await dialog.getByRole("button", { name: "Confirm and import" }).click();
      const confirmBox = page.getByRole("alertdialog", { name: "Confirm action" });
      await visible(confirmBox.getByText(/Do you really want to delete the following collection fields and their related records data:/));
      await visible(confirmBox.getByText(/- users/));
      await ctx.shot(page, "import-delete-confirm");
      await confirmBox.getByRole("button", { name: "No" }).click();
      await hidden(confirmBox);
      await visible(dialog);
      await dialog.getByRole("button", { name: "Close" }).first().click();
      await hidden(dialog);
      const users = await ctx.api.call("GET", "/api/collections/users", { token });
      equal(users.status, 200, "users collection kept");
    },
  },
  {
    name: "sync: accessibility (axe) of the export and import pages",
    onlyOn: "cairn",
    async run(ctx) {
      const problems = [];
      for (const theme of ["light", "dark"]) {
        const { page } = await ctx.newPage({ theme });
        const check = axeChecker(ctx, page, theme, problems);
        await signIn(ctx, page);
        await page.goto(ctx.url("/settings/export-collections"));
        await visible(page.getByTestId("export-preview"));
        await check("export-collections");
        await page.goto(ctx.url("/settings/import-collections"));
        const textarea = page.getByLabel(/Paste below the collections configuration/);
        await textarea.fill("not json");
        await visible(page.getByText("Invalid collections configuration."));
        await check("import-invalid");
        const posts = await ensurePosts(ctx);
        const changed = { ...posts, listRule: "id != ''", schema: [...posts.schema.slice(1), { id: "e2esyncaxe0001", name: "axe", type: "bool", system: false, required: false, presentable: false, options: {} }] };
        await textarea.fill(JSON.stringify([changed, { ...changed, id: "e2esyncaxenew1", name: "e2e_sync_axe_new" }]));
        await page.getByRole("checkbox", { name: "Merge with the existing collections" }).check();
        await check("import-changes");
        await page.getByRole("button", { name: "Review" }).click();
        await visible(page.getByRole("dialog", { name: "Side-by-side diff" }));
        await check("import-diff");
      }
      failOnViolations(problems);
    },
  },
];
