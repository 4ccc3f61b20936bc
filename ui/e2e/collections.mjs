// Journeys of the collections page, the collection editor and the API docs panel. After each save
// the server's collection is read back and compared with what the editor shows.
import { seriousViolations } from "./a11y.mjs";
import { adminToken, signIn } from "./adminSession.mjs";
import { equal, eventually, hidden, ok, visible } from "./expect.mjs";

async function getCollection(ctx, name) {
  return ctx.api.expectOk("GET", `/api/collections/${name}`, { token: await adminToken(ctx) });
}

/** Fails at once (instead of after UI timeouts) when the server has no collections API yet. */
async function requireCollectionsApi(ctx) {
  const r = await ctx.api.call("GET", "/api/collections?perPage=1", { token: await adminToken(ctx) });
  if (r.status !== 200) throw new Error(`GET /api/collections -> ${r.status} ${JSON.stringify(r.json)}`);
}

function sidebar(page) {
  return page.getByRole("complementary", { name: "Collections" });
}

async function openCollection(page, name) {
  await sidebar(page).getByRole("link", { name, exact: true }).click();
  await visible(page.getByRole("heading", { level: 1, name }));
}

async function openEditor(page, name) {
  await openCollection(page, name);
  await page.getByRole("button", { name: "Edit collection" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit collection" });
  await visible(dialog.locator('input[name="name"]'));
  return dialog;
}

function field(dialog, name) {
  return dialog.getByTestId(`schema-field-${name}`);
}

async function addField(page, dialog, type, name) {
  await dialog.getByRole("button", { name: "New field" }).click();
  await page.getByRole("menuitem", { name: type, exact: true }).click();
  const input = dialog.getByTestId("schema-field-field").getByRole("textbox", { name: /Field name/ });
  await input.fill(name);
  return field(dialog, name);
}

async function expandField(dialog, name) {
  const row = field(dialog, name);
  const toggle = row.getByRole("button", { name: `Options of ${name}` });
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  return row;
}

/** Types the text into a CodeMirror editor, replacing its content. */
async function typeInEditor(page, locator, text) {
  await locator.click();
  await page.keyboard.press("Control+A");
  await page.keyboard.press("Backspace");
  if (text) await page.keyboard.type(text);
}

/** The fields and index columns the editor shows (deleted fields left out). */
async function screenSchema(dialog) {
  const fields = await dialog.locator(".schema-field:not(.deleted)").evaluateAll((rows) =>
    rows.map((r) => ({ name: r.querySelector(".schema-field-name").value, type: r.getAttribute("data-field-type") })),
  );
  const indexes = await dialog.locator(".index-chip").allTextContents();
  return { fields, indexes: indexes.map((t) => t.replace(/^Unique:/, "Unique: ").replace(/\s+/g, " ").trim()) };
}

function indexColumnsLabel(sql) {
  const m = /^\s*CREATE\s+(UNIQUE\s+)?INDEX\s+\S+\s+ON\s+\S+\s*\(([\s\S]*)\)/i.exec(sql);
  const cols = m[2].split(",").map((c) => c.trim().replace(/[`"]/g, "").replace(/\s+(ASC|DESC)$/i, ""));
  return (m[1] ? "Unique: " : "") + cols.join(", ");
}

/** Reopens the editor and checks that the server's schema and indexes equal what it shows. */
async function expectScreenMatchesServer(ctx, page, name) {
  const dialog = await openEditor(page, name);
  const screen = await screenSchema(dialog);
  const server = await getCollection(ctx, name);
  equal(JSON.stringify(screen.fields), JSON.stringify(server.schema.map((f) => ({ name: f.name, type: f.type }))), `fields of ${name} (screen vs server)`);
  equal(JSON.stringify(screen.indexes), JSON.stringify(server.indexes.map(indexColumnsLabel)), `indexes of ${name} (screen vs server)`);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await hidden(dialog);
  return server;
}

async function save(page, dialog, message) {
  await dialog.getByRole("button", { name: /^(Create|Save changes)$/ }).click();
  await visible(page.getByText(message));
  await hidden(dialog);
}

const TYPES = [
  ["Plain text", "title"],
  ["Rich editor", "body"],
  ["Number", "views"],
  ["Bool", "published"],
  ["Email", "contact"],
  ["Url", "link"],
  ["DateTime", "published_at"],
  ["Select", "status"],
  ["File", "cover"],
  ["Relation", "author"],
  ["JSON", "meta"],
];

export const collectionsJourneys = [
  {
    name: "collections: create a collection with every field type and an index",
    async run(ctx) {
      await requireCollectionsApi(ctx);
      const { page } = await ctx.newPage();
      await signIn(ctx, page);
      await visible(sidebar(page).getByRole("link", { name: "users" }));
      await sidebar(page).getByRole("button", { name: "New collection" }).click();
      // .first(): the relation field's "New collection" shortcut stacks a second editor
      const dialog = page.getByRole("dialog", { name: "New collection" }).first();
      await dialog.locator('input[name="name"]').fill("e2e posts");
      equal(await dialog.locator('input[name="name"]').inputValue(), "e2e_posts", "slugged name");
      ok(await dialog.getByRole("radio", { name: "Base" }).isChecked(), "base type by default");
      for (const [type, name] of TYPES) await addField(page, dialog, type, name);

      // options
      const title = await expandField(dialog, "title");
      await title.getByLabel("Min length").fill("2");
      await title.getByRole("checkbox", { name: "Nonempty" }).check();
      const status = await expandField(dialog, "status");
      await status.getByLabel("Choices").fill("draft, published");
      await visible(status.getByLabel("Choices"));
      const cover = field(dialog, "cover");
      await cover.getByRole("combobox", { name: "Single or multiple cover" }).selectOption("multiple");
      const author = await expandField(dialog, "author");
      await author.getByRole("combobox", { name: "Collection" }).selectOption({ label: "users" });
      await author.getByRole("combobox", { name: "Single or multiple author" }).selectOption("multiple");
      equal(await author.getByLabel("Max select").getAttribute("placeholder"), "No max limit", "max select placeholder");
      await ctx.shot(page, "editor-fields");

      // the relation field's "New collection" shortcut: a nested editor whose new collection gets selected
      const tags = await addField(page, dialog, "Relation", "tags");
      await tags.getByRole("button", { name: "New collection" }).click();
      await eventually(async () => (await page.getByRole("dialog", { name: "New collection" }).count()) === 2, { message: "the nested editor open" });
      const nested = page.getByRole("dialog", { name: "New collection" }).last();
      await visible(nested.getByRole("radio", { name: "Auth" }));
      await nested.locator('input[name="name"]').fill("e2e_tags");
      await addField(page, nested, "Plain text", "label");
      await nested.getByRole("button", { name: "Create" }).click();
      await visible(page.getByText("Successfully created collection."));
      await eventually(async () => (await page.getByRole("dialog", { name: "New collection" }).count()) === 1, { message: "the nested editor closed" });
      await eventually(async () => (await tags.getByRole("combobox", { name: "Collection" }).locator("option:checked").textContent()) === "e2e_tags", { message: "the new collection selected" });

      // duplicate makes a unique _copy name; removing a new field drops it at once
      await field(dialog, "views").getByRole("button", { name: "More actions for views" }).click();
      await page.getByRole("menuitem", { name: "Duplicate" }).click();
      await visible(field(dialog, "views_copy"));
      await field(dialog, "views_copy").getByRole("button", { name: "More actions for views_copy" }).click();
      await page.getByRole("menuitem", { name: "Remove" }).click();
      await hidden(field(dialog, "views_copy"));

      // an index: preset columns and the unique toggle
      await dialog.getByRole("button", { name: "New index" }).click();
      const popup = page.getByRole("dialog", { name: "Create index" });
      ok(await popup.getByRole("button", { name: "Set index" }).isDisabled(), "Set index disabled without columns");
      await popup.getByRole("button", { name: "title", exact: true }).click();
      await popup.getByRole("checkbox", { name: "Unique" }).check();
      await visible(popup.locator(".cm-content", { hasText: "CREATE UNIQUE INDEX" }));
      await ctx.shot(page, "index-popup");
      await popup.getByRole("button", { name: "Set index" }).click();
      await hidden(popup);
      await visible(dialog.getByText("Unique constraints and indexes (1)"));

      // an index the server rejects: red label with the server message in a tooltip, then removed
      await dialog.getByRole("button", { name: "New index" }).click();
      const bad = page.getByRole("dialog", { name: "Create index" });
      await typeInEditor(page, bad.locator(".cm-content"), "CREATE INDEX `idx_e2ebad` ON `e2e_posts` (`nope`)");
      await bad.getByRole("button", { name: "Set index" }).click();
      await hidden(bad);
      await dialog.getByRole("button", { name: "Create" }).click();
      const badChip = dialog.locator(".index-chip.error");
      await visible(badChip);
      await badChip.hover();
      await visible(page.getByRole("tooltip"));
      ok((await page.getByRole("tooltip").textContent()).length > 0, "index error tooltip");
      await visible(dialog.getByRole("tab", { name: /Fields/ }).getByRole("img", { name: /./ }));
      await badChip.click();
      await page.getByRole("dialog", { name: "Update index" }).getByRole("button", { name: "Delete" }).click();
      await hidden(badChip);

      await save(page, dialog, "Successfully created collection.");
      await page.waitForURL(/collectionId=/);
      await visible(page.getByRole("heading", { level: 1, name: "e2e_posts" }));

      const server = await expectScreenMatchesServer(ctx, page, "e2e_posts");
      const byName = Object.fromEntries(server.schema.map((f) => [f.name, f]));
      const users = await getCollection(ctx, "users");
      equal(byName.title.required, true, "title required");
      equal(byName.title.options.min, 2, "title min");
      equal(JSON.stringify(byName.status.options.values), '["draft","published"]', "select values");
      equal(byName.status.options.maxSelect, 1, "select single");
      equal(byName.cover.options.maxSelect, 99, "file multiple");
      equal(byName.cover.options.maxSize, 5242880, "file max size");
      equal(byName.author.options.collectionId, users.id, "relation collection");
      equal(byName.author.options.maxSelect, null, "relation multiple");
      equal(byName.meta.options.maxSize, 2000000, "json max size");
      equal(byName.tags.options.collectionId, (await getCollection(ctx, "e2e_tags")).id, "relation to the collection made in the nested editor");
      ok(/^CREATE UNIQUE INDEX `idx_[a-z0-9]{7}` ON `e2e_posts` \(`title`\)$/.test(server.indexes[0]), `index statement (${server.indexes[0]})`);
    },
  },
  {
    name: "collections: rename, reorder and delete fields, rename the collection",
    async run(ctx) {
      await requireCollectionsApi(ctx);
      const { page } = await ctx.newPage();
      await signIn(ctx, page);
      const before = await getCollection(ctx, "e2e_posts");
      const dialog = await openEditor(page, "e2e_posts");
      ok(await dialog.getByRole("button", { name: "Save changes" }).isDisabled(), "Save disabled without changes");
      await field(dialog, "title").getByRole("textbox", { name: /Field name/ }).fill("headline");
      await dialog.locator('input[name="name"]').fill("e2e-articles");
      equal(await dialog.locator('input[name="name"]').inputValue(), "e2e_articles", "slugged rename");
      await field(dialog, "link").getByRole("button", { name: "More actions for link" }).click();
      await page.getByRole("menuitem", { name: "Remove" }).click();
      await visible(field(dialog, "link").getByText("Deleted"));
      await field(dialog, "views").getByRole("button", { name: "More actions for views" }).click();
      await page.getByRole("menuitem", { name: "Remove" }).click();
      await field(dialog, "views").getByRole("button", { name: "Restore" }).click();
      await field(dialog, "author").getByRole("combobox", { name: "Single or multiple author" }).selectOption("single");

      // drag "published" to the top
      await field(dialog, "headline").scrollIntoViewIfNeeded();
      const handle = field(dialog, "published").getByRole("button", { name: "Reorder field published" });
      const target = field(dialog, "headline");
      const hb = await handle.boundingBox();
      const tb = await target.boundingBox();
      await page.mouse.move(hb.x + hb.width / 2, hb.y + hb.height / 2);
      await page.mouse.down();
      await page.mouse.move(hb.x + hb.width / 2, hb.y - 10, { steps: 4 });
      await page.mouse.move(hb.x + hb.width / 2, tb.y + 4, { steps: 12 });
      await page.mouse.up();
      await eventually(async () => (await dialog.locator(".schema-field-name").first().inputValue()) === "published", { message: "published dragged first" });
      const shown = await dialog.locator(".index-chip").textContent();
      ok(shown.includes("headline"), `index column follows the rename (${shown})`);

      await dialog.getByRole("button", { name: "Save changes" }).click();
      const confirm = page.getByRole("dialog", { name: "Confirm collection changes" });
      await visible(confirm);
      const text = await confirm.textContent();
      for (const part of ["e2e_posts", "e2e_articles", "title", "headline", "author", "link", "permanently lost"]) ok(text.includes(part), `confirmation mentions ${part}`);
      await ctx.shot(page, "confirm-changes");
      await confirm.getByRole("button", { name: "Confirm" }).click();
      await visible(page.getByText("Successfully updated collection."));
      await hidden(dialog);
      await visible(page.getByRole("heading", { level: 1, name: "e2e_articles" }));

      const server = await expectScreenMatchesServer(ctx, page, "e2e_articles");
      equal(server.id, before.id, "same collection");
      equal(server.schema[0].name, "published", "dragged order");
      equal(server.schema.find((f) => f.id === before.schema.find((x) => x.name === "title").id)?.name, "headline", "renamed field keeps its id");
      ok(!server.schema.some((f) => f.name === "link"), "deleted field gone");
      ok(server.schema.some((f) => f.name === "views"), "restored field kept");
      equal(server.schema.find((f) => f.name === "author").options.maxSelect, 1, "relation single");
      ok(server.indexes[0].includes("ON `e2e_articles`") && server.indexes[0].includes("`headline`"), `index rewritten (${server.indexes[0]})`);
    },
  },
  {
    name: "collections: set, lock and unlock API rules",
    async run(ctx) {
      await requireCollectionsApi(ctx);
      const { page } = await ctx.newPage();
      await signIn(ctx, page);
      const dialog = await openEditor(page, "e2e_articles");
      await dialog.getByRole("tab", { name: "API Rules" }).click();
      await dialog.getByRole("button", { name: "Unlock and set custom rule: List/Search rule" }).click();
      const list = dialog.getByTestId("rule-listRule").locator(".cm-content");
      await visible(list);
      await page.keyboard.type("@request.a");
      await visible(page.getByRole("option", { name: "@request.auth.id" }));
      await ctx.shot(page, "rules-autocomplete");
      await page.getByRole("option", { name: "@request.auth.id" }).click();
      await page.keyboard.type(' != ""');
      equal((await list.textContent()).trim(), '@request.auth.id != ""', "completed rule");
      await dialog.getByRole("button", { name: "Unlock and set custom rule: View rule" }).click();
      await dialog.getByRole("button", { name: "Unlock and set custom rule: Create rule" }).click();
      await page.keyboard.type('status = "draft"');
      await dialog.getByRole("button", { name: "Set Admins only: Create rule" }).click();
      await visible(dialog.getByTestId("rule-createRule").getByText("Only admins can perform this action."));
      await dialog.getByRole("button", { name: "Unlock and set custom rule: Create rule" }).click();
      equal((await dialog.getByTestId("rule-createRule").locator(".cm-content").textContent()).trim(), 'status = "draft"', "unlocking restores the rule");
      await dialog.getByRole("button", { name: "Set Admins only: Create rule" }).click();
      await save(page, dialog, "Successfully updated collection.");
      let server = await getCollection(ctx, "e2e_articles");
      equal(server.listRule, '@request.auth.id != ""', "list rule");
      equal(server.viewRule, "", "view rule (everyone)");
      equal(server.createRule, null, "create rule (admins only)");

      // a rule the server rejects: the tab is marked and the message shows under the rule
      const again = await openEditor(page, "e2e_articles");
      await again.getByRole("tab", { name: "API Rules" }).click();
      await again.getByRole("button", { name: "Unlock and set custom rule: Update rule" }).click();
      await page.keyboard.type("nope = 1");
      await again.getByRole("button", { name: "Save changes" }).click();
      await visible(again.getByTestId("rule-updateRule").getByRole("alert"));
      await visible(again.getByRole("tab", { name: /API Rules/ }).getByRole("img", { name: "Has errors" }));
      await again.getByRole("button", { name: "Cancel" }).click();
      await visible(page.getByText("You have unsaved changes. Do you really want to close the panel?"));
      await page.getByRole("button", { name: "Yes" }).click();
      await hidden(again);
      server = await getCollection(ctx, "e2e_articles");
      equal(server.updateRule, null, "update rule unchanged");
    },
  },
  {
    name: "collections: create auth and view collections, API docs",
    async run(ctx) {
      await requireCollectionsApi(ctx);
      const { page } = await ctx.newPage();
      await signIn(ctx, page);
      await sidebar(page).getByRole("button", { name: "New collection" }).click();
      let dialog = page.getByRole("dialog", { name: "New collection" });
      await dialog.locator('input[name="name"]').fill("e2e_members");
      await dialog.getByRole("radio", { name: "Auth" }).check();
      await visible(dialog.getByText("emailVisibility"));
      await dialog.getByRole("tab", { name: "Options" }).click();
      await dialog.getByLabel("Minimum password length").fill("5");
      await dialog.getByRole("button", { name: "Create" }).click();
      await visible(dialog.getByText("Must be between 6 and 72."));
      await dialog.getByLabel("Minimum password length").fill("10");
      await dialog.getByRole("checkbox", { name: "Enable username and password sign-in" }).uncheck();
      await dialog.getByLabel("Only email domains").fill("example.com");
      ok(await dialog.getByLabel("Except email domains").isDisabled(), "except domains disabled while only is set");
      await ctx.shot(page, "auth-options");
      await dialog.getByRole("tab", { name: "Fields" }).click();
      await addField(page, dialog, "Plain text", "nickname");
      await save(page, dialog, "Successfully created collection.");
      await visible(page.getByRole("heading", { level: 1, name: "e2e_members" }));
      const members = await expectScreenMatchesServer(ctx, page, "e2e_members");
      equal(members.type, "auth", "auth type");
      equal(members.options.minPasswordLength, 10, "min password length");
      equal(members.options.allowUsernameAuth, false, "username auth off");
      equal(JSON.stringify(members.options.onlyEmailDomains), '["example.com"]', "only email domains");

      // API docs of the auth collection
      await page.getByRole("button", { name: "API Preview" }).click();
      const docs = page.getByRole("dialog", { name: /API Preview/ });
      await visible(docs.getByRole("heading", { name: "List/Search (e2e_members)" }));
      for (const t of ["Auth with password", "Auth with OAuth2", "List OAuth2 accounts", "Unlink OAuth2 account"]) await visible(docs.getByRole("tab", { name: t }));
      await docs.getByRole("tab", { name: "Create" }).click();
      await visible(docs.getByText("/api/collections/e2e_members/records", { exact: true }));
      ok((await docs.locator("pre").first().textContent()).includes('"nickname": "test"'), "create example built from the schema");
      await docs.getByRole("button", { name: "Dart" }).click();
      ok((await docs.locator("pre").first().textContent()).includes("pb.collection('e2e_members').create(body: body)"), "dart example");
      await ctx.shot(page, "docs-create");
      await page.keyboard.press("Escape");
      await hidden(docs);

      // a view collection: server errors under the query editor, then a valid query
      await sidebar(page).getByRole("button", { name: "New collection" }).click();
      dialog = page.getByRole("dialog", { name: "New collection" });
      await dialog.locator('input[name="name"]').fill("e2e_view");
      await dialog.getByRole("radio", { name: "View" }).check();
      await visible(dialog.getByRole("tab", { name: "Query" }));
      const query = dialog.getByTestId("code-editor-sql").locator(".cm-content");
      await typeInEditor(page, query, "select id, email, 1+1 from e2e_members");
      await dialog.getByRole("button", { name: "Create" }).click();
      await visible(dialog.locator(".view-query-errors", { hasText: "1+1:" }));
      await ctx.shot(page, "view-errors");
      await typeInEditor(page, query, "select id, email, nickname as nick from e2e_members");
      await save(page, dialog, "Successfully created collection.");
      const view = await getCollection(ctx, "e2e_view");
      equal(view.type, "view", "view type");
      equal(JSON.stringify(view.schema.map((f) => f.name)), '["email","nick"]', "view schema from the query");
      await openCollection(page, "e2e_view");
      await page.getByRole("button", { name: "API Preview" }).click();
      const viewDocs = page.getByRole("dialog", { name: /API Preview/ });
      await visible(viewDocs.getByRole("tab", { name: "View" }));
      // (Cairn adds a TypeScript tab once it knows the server serves /api/openapi.json: not an API action;
      // and an Export tab, for the export endpoint it has for views too, which PocketBase has not)
      const viewTabs = await viewDocs.getByRole("tab").filter({ hasNotText: "TypeScript" }).allTextContents();
      const expectedTabs = ctx.server === "cairn" ? ["List/Search", "View", "Export"] : ["List/Search", "View"];
      equal(JSON.stringify(viewTabs.map((t) => t.trim())), JSON.stringify(expectedTabs), "view collections have List/Search and View only (and Export on Cairn)");
    },
  },
  {
    name: "collections: duplicate and delete a collection",
    async run(ctx) {
      await requireCollectionsApi(ctx);
      const { context, page } = await ctx.newPage();
      await signIn(ctx, page);
      const original = await getCollection(ctx, "e2e_articles");
      let dialog = await openEditor(page, "e2e_articles");
      await dialog.getByRole("button", { name: "More collection actions" }).click();
      await page.getByRole("menuitem", { name: "Duplicate" }).click();
      dialog = page.getByRole("dialog", { name: "New collection" });
      equal(await dialog.locator('input[name="name"]').inputValue(), "e2e_articles_duplicate", "duplicate name");
      ok(await dialog.getByRole("button", { name: "Create" }).isEnabled(), "the copy counts as changed");
      await save(page, dialog, "Successfully created collection.");
      const copy = await expectScreenMatchesServer(ctx, page, "e2e_articles_duplicate");
      ok(copy.id !== original.id, "a new collection");
      equal(JSON.stringify(copy.schema.map((f) => f.name)), JSON.stringify(original.schema.map((f) => f.name)), "same fields");
      ok(copy.schema.every((f) => !original.schema.some((o) => o.id === f.id)), "new field ids");
      ok(/ON `e2e_articles_duplicate`/.test(copy.indexes[0]) && !copy.indexes[0].includes(original.indexes[0].match(/`(idx_\w+)`/)[1]), `new index name and table (${copy.indexes[0]})`);

      // another tab hears about the delete over the collections channel
      const other = await context.newPage();
      await other.goto(ctx.url("/collections"));
      await visible(sidebar(other).getByRole("link", { name: "e2e_articles_duplicate" }));
      await page.bringToFront();

      dialog = await openEditor(page, "e2e_articles_duplicate");
      await dialog.getByRole("button", { name: "More collection actions" }).click();
      await page.getByRole("menuitem", { name: "Delete" }).click();
      await visible(page.getByText('Do you really want to delete collection "e2e_articles_duplicate" and all its records?'));
      await page.getByRole("button", { name: "Yes" }).click();
      await visible(page.getByText('Successfully deleted collection "e2e_articles_duplicate".'));
      await hidden(dialog);
      const r = await ctx.api.call("GET", "/api/collections/e2e_articles_duplicate", { token: await adminToken(ctx) });
      equal(r.status, 404, "deleted on the server");
      await hidden(sidebar(other).getByRole("link", { name: "e2e_articles_duplicate" }));
    },
  },
  {
    name: "collections sidebar: order, search, pins, compact list, restricted mode, empty states",
    async run(ctx) {
      await requireCollectionsApi(ctx);
      const t = await adminToken(ctx);
      await Promise.all(Array.from({ length: 21 }, (_, i) => ctx.api.expectOk("POST", "/api/collections", { token: t, body: { name: `c_${String(i + 1).padStart(2, "0")}`, type: "base", schema: [{ name: "title", type: "text" }] } })));
      const { page } = await ctx.newPage();
      const scripts = [];
      page.on("request", (req) => {
        if (req.resourceType() === "script") scripts.push(new URL(req.url()).pathname);
      });
      await signIn(ctx, page);
      const bar = sidebar(page);
      await visible(bar.getByRole("link", { name: "c_21" }));
      await page.waitForLoadState("networkidle");
      const heavy = scripts.filter((p) => /CollectionEditorPanel|CodeEditor|ApiDocsPanel|FilterEditor|lang-sql|dist-/.test(p));
      equal(heavy.length, 0, `editor, CodeMirror and docs chunks loaded by the collections page (${heavy.join(", ")})`);
      const names = await bar.locator(".sidebar-entry-name").allTextContents();
      const all = (await ctx.api.expectOk("GET", "/api/collections?perPage=200", { token: t })).items;
      const rank = { auth: 0, base: 1, view: 2 };
      const expected = [...all].sort((a, b) => rank[a.type] - rank[b.type] || a.name.localeCompare(b.name)).map((c) => c.name);
      equal(JSON.stringify(names), JSON.stringify(expected), "auth, base, view order by name");
      ok(await page.locator(".collections-sidebar.compact").count(), "compact above 20");
      const search = bar.getByRole("textbox", { name: "Search collections" });
      await search.fill("c_0");
      equal(await bar.locator(".sidebar-entry").count(), 9, "search matches");
      equal(await page.locator(".collections-sidebar.compact").count(), 0, "not compact with 9 matches");
      await search.fill("zzz");
      await visible(bar.getByText("No collections found."));
      await bar.getByRole("button", { name: "Clear search" }).click();
      await bar.getByRole("button", { name: "Pin collection c_05" }).click();
      await visible(bar.getByRole("heading", { name: "Pinned" }));
      await visible(bar.getByRole("heading", { name: "Others" }));
      await ctx.shot(page, "sidebar-pinned");
      const c05 = all.find((c) => c.name === "c_05");
      ok((await page.evaluate(() => localStorage.getItem("cairn_pinned_collections"))).includes(c05.id), "pinned id stored");

      // hash query: an unknown id shows the first collection and drops filter/sort/record
      await page.goto(ctx.url("/collections?collectionId=nope&filter=x&sort=-id&recordId=r"));
      await eventually(async () => page.url().includes(`collectionId=${all.find((c) => c.name === expected[0]).id}`) && !page.url().includes("filter="), { message: "first collection in the address" });
      await openCollection(page, "c_10");
      await eventually(async () => (await bar.getByRole("link", { name: "c_10" }).getAttribute("aria-current")) === "page", { message: "active entry" });

      // stale pinned ids are dropped
      await ctx.api.expectOk("DELETE", `/api/collections/${c05.id}`, { token: t });
      await page.reload();
      await visible(bar.getByRole("link", { name: "c_10" }));
      await eventually(async () => !(await page.evaluate(() => localStorage.getItem("cairn_pinned_collections"))).includes(c05.id), { message: "stale pin dropped" });
      equal(await bar.getByRole("heading", { name: "Pinned" }).count(), 0, "no pinned group");

      // restricted app: no edit gear, no New collection
      await ctx.api.expectOk("PATCH", "/api/settings", { token: t, body: { meta: { hideControls: true } } });
      try {
        await page.reload();
        await visible(page.getByRole("button", { name: "API Preview" }));
        equal(await page.getByRole("button", { name: "Edit collection" }).count(), 0, "no edit gear");
        equal(await bar.getByRole("button", { name: "New collection" }).count(), 0, "no New collection button");
        // empty states (the list answer is replaced with an empty one)
        await page.route(/\/api\/collections\?/, (route) => route.fulfill({ json: { page: 1, perPage: 200, totalItems: 0, totalPages: 0, items: [] } }));
        await page.reload();
        await visible(page.getByText("You don't have any collections yet."));
      } finally {
        await ctx.api.expectOk("PATCH", "/api/settings", { token: t, body: { meta: { hideControls: false } } });
      }
      await page.reload();
      await visible(page.getByText("Create your first collection to add records!"));
      await visible(page.getByRole("button", { name: "Create new collection" }));
      await page.unroute(/\/api\/collections\?/);
      let release;
      await page.route(/\/api\/collections\?/, async (route) => {
        await new Promise((r) => (release = r));
        await route.continue();
      });
      await page.reload();
      await visible(page.getByText("Loading collections..."));
      await eventually(() => release, { message: "the list request" });
      release();
      await visible(bar.getByRole("link", { name: "c_10" }));
      await Promise.all(all.filter((c) => /^c_\d+$/.test(c.name) && c.name !== "c_05").map((c) => ctx.api.call("DELETE", `/api/collections/${c.id}`, { token: t })));
    },
  },
  {
    name: "collections accessibility (axe): editor, rules, index popup, docs",
    onlyOn: "cairn",
    async run(ctx) {
      await requireCollectionsApi(ctx);
      const problems = [];
      for (const theme of ["light", "dark"]) {
        const { page } = await ctx.newPage({ theme });
        const check = async (label) => {
          await page.waitForTimeout(200);
          for (const v of await seriousViolations(page)) problems.push(`[${theme}] ${label}: ${v}`);
          await ctx.shot(page, `a11y-${label}-${theme}`);
        };
        await signIn(ctx, page);
        const dialog = await openEditor(page, "e2e_articles");
        await expandField(dialog, "status");
        await check("editor-fields");
        await dialog.locator(".index-chip").first().click();
        await visible(page.getByRole("dialog", { name: "Update index" }).locator(".cm-content"));
        await check("index-popup");
        await page.getByRole("dialog", { name: "Update index" }).getByRole("button", { name: "Cancel" }).click();
        await dialog.getByRole("tab", { name: "API Rules" }).click();
        await visible(dialog.getByTestId("rule-listRule"));
        await check("editor-rules");
        await dialog.getByRole("button", { name: "Cancel" }).click();
        await hidden(dialog);
        await page.getByRole("button", { name: "API Preview" }).click();
        await visible(page.getByRole("dialog", { name: /API Preview/ }).getByRole("heading", { name: /List\/Search/ }));
        await check("docs");
      }
      if (problems.length) throw new Error(`axe found critical/serious violations:\n  ${problems.join("\n  ")}`);
    },
  },
];
