// Defects from the side-by-side review with PocketBase's dashboard (#36 item 5), each checked on
// both servers.
import { adminToken, signIn } from "./adminSession.mjs";
import { equal, eventually, ok, visible } from "./expect.mjs";

async function seedJson(ctx) {
  const t = await adminToken(ctx);
  const existing = await ctx.api.call("GET", "/api/collections/rev_json", { token: t });
  if (existing.status === 200) return existing.json;
  const c = await ctx.api.expectOk("POST", "/api/collections", { token: t, body: { name: "rev_json", type: "base", schema: [{ name: "meta", type: "json", options: { maxSize: 2000000 } }, { name: "note", type: "text", options: {} }] } });
  await ctx.api.expectOk("POST", "/api/collections/rev_json/records", { token: t, body: { id: "revjson00000001", meta: { a: 1, ok: true } } });
  return c;
}

async function seedRows(ctx) {
  const t = await adminToken(ctx);
  const existing = await ctx.api.call("GET", "/api/collections/rev_rows", { token: t });
  if (existing.status === 200) return existing.json;
  const c = await ctx.api.expectOk("POST", "/api/collections", { token: t, body: { name: "rev_rows", type: "base", schema: [{ name: "title", type: "text", options: {} }] } });
  for (let i = 0; i < 45; i += 15) {
    await Promise.all(Array.from({ length: 15 }, (_, j) => ctx.api.expectOk("POST", "/api/collections/rev_rows/records", { token: t, body: { title: `row ${i + j}` } })));
  }
  // a 28-character email and a 16-character username among them (the dates give room to them): the users list shows them whole at 1440 px
  const users = [["grace_hopper", "grace.hopper@example.com"], ["ada", "ada@example.com"], ["grace_brewster_h", "grace.brewster@example.co.uk"]];
  for (const [username, email] of users) {
    const body = { username, email, password: "1234567890", passwordConfirm: "1234567890", name: "A Name" };
    await ctx.api.call("POST", "/api/collections/users/records", { token: t, body });
  }
  return c;
}

/** `/_/` before any admin exists: the visitor lands on the installer, not on a login no one can use. */
export const freshInstallJourney = {
  name: "review: /_/ on a fresh install opens the installer",
  async run(ctx) {
    if (ctx.server === "reference") {
      // PocketBase serves its own dashboard at /_/ (ours comes from a static server here): its redirect is the model
      const res = await fetch(`${ctx.apiUrl}/_/`, { redirect: "manual" });
      equal(res.status, 307, "PocketBase's answer to /_/ without an admin");
      equal(res.headers.get("location"), "?installer#", "PocketBase's installer redirect");
      return;
    }
    const { page } = await ctx.newPage();
    await page.goto(ctx.url("/login"));
    await visible(page.getByRole("heading", { name: "Create your first admin account" }));
    ok(new URL(page.url()).search === "?installer", `the installer's address (${page.url()})`);
  },
};

export const reviewJourneys = [
  {
    name: "review: the record panel's JSON field has its border and colours on a fresh page, and Tab leaves it unchanged; the read-only id looks it",
    async run(ctx) {
      const c = await seedJson(ctx);
      const { page } = await ctx.newPage();
      await signIn(ctx, page);
      // straight to the record: the collection editor (which used to bring the styles) never opened
      await page.goto(ctx.url(`/collections?collectionId=${c.id}&recordId=revjson00000001`));
      await page.reload();
      const panel = page.getByRole("dialog", { name: "Edit rev_json record" });
      const editor = panel.locator(".code-editor");
      await visible(editor.locator(".tok-propertyName").first());
      const look = await editor.evaluate((el) => {
        const key = el.querySelector(".tok-propertyName");
        const content = el.querySelector(".cm-content");
        return { border: getComputedStyle(el).borderTopWidth, key: getComputedStyle(key).color, text: getComputedStyle(content).color };
      });
      equal(look.border, "1px", "the JSON field's border");
      // the saved record's id is read-only, and looks it: not the box of an input one types in
      const idLook = await panel.getByLabel("id", { exact: true }).evaluate((el) => getComputedStyle(el).backgroundColor);
      const noteLook = await panel.getByLabel("note", { exact: true }).evaluate((el) => getComputedStyle(el).backgroundColor);
      ok(idLook !== noteLook, `the read-only id looks read-only (${idLook} vs ${noteLook})`);
      ok(look.key !== look.text, `a JSON key is coloured (${look.key} vs ${look.text})`);

      await editor.locator(".cm-content").click();
      await page.keyboard.press("Tab");
      await eventually(async () => !(await editor.evaluate((el) => el.contains(document.activeElement))), { message: "Tab to leave the JSON field" });
      ok(await panel.getByRole("button", { name: "Save changes" }).isDisabled(), "the record stays unchanged after Tab");
    },
  },
];

reviewJourneys.push({
  name: "review: the records table's header and Total found stay in view, its filter has syntax colours, and the users list fits a 1440 px window",
  async run(ctx) {
    const c = await seedRows(ctx);
    const { page } = await ctx.newPage();
    await signIn(ctx, page);
    for (const width of [1440, 768]) {
      await page.setViewportSize({ width, height: 700 });
      await page.goto(ctx.url(`/collections?collectionId=${c.id}`));
      await visible(page.getByRole("row").nth(30));
      await page.mouse.wheel(0, 900);
      await eventually(async () => (await page.evaluate(() => window.scrollY)) > 400, { message: "the page scrolled" });
      const head = await page.locator(".records-head").boundingBox();
      ok(head && head.y >= -1 && head.y < 5, `the column headers at the window's top after a scroll at ${width} px (y ${head?.y})`);
      const total = await page.getByText(/^Total found:/).boundingBox();
      ok(total && total.y + total.height <= 701 && total.y > 600, `"Total found" at the window's bottom at ${width} px (y ${total?.y})`);
      await ctx.shot(page, `records-sticky-${width}`);
      // the columns menu's header cell sits over its own column, not over the one before it
      const cells = await page.evaluate(() => {
        const box = (el) => { const r = el.getBoundingClientRect(); return { left: Math.round(r.left), right: Math.round(r.right) }; };
        const heads = [...document.querySelectorAll(".records-head .records-th")];
        const row = document.querySelector(".records-body .records-row");
        return { menu: box(heads.at(-1)), before: box(heads.at(-2)), column: box(row.lastElementChild) };
      });
      ok(cells.menu.left >= cells.before.right - 1 && Math.abs(cells.menu.left - cells.column.left) <= 1, `the columns menu cell over its column at ${width} px (${JSON.stringify(cells)})`);
    }

    // the filter in the search box has syntax colours
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(ctx.url(`/collections?collectionId=${c.id}`));
    await page.getByRole("textbox", { name: "Search records" }).click();
    const filter = page.locator(".filter-editor .cm-content");
    await visible(filter);
    await filter.pressSequentially('title = "row 1" && created > 1');
    await visible(page.locator(".filter-editor .tok-string"));
    const colours = await page.evaluate(() => ["tok-string", "tok-number", "tok-operator"].map((c) => getComputedStyle(document.querySelector(`.filter-editor .${c}`)).color));
    const plain = await filter.evaluate((el) => getComputedStyle(el).color);
    ok(colours.every((c) => c !== plain), `a filter's strings, numbers and operators coloured (${colours} vs ${plain})`);

    await page.goto(ctx.url("/collections"));
    await page.getByRole("complementary", { name: "Collections" }).getByText("users", { exact: true }).click();
    await visible(page.getByRole("cell", { name: "grace.hopper@example.com" }));
    const fits = await page.evaluate(() => {
      const table = document.querySelector(".records-table").getBoundingClientRect();
      const heads = [...document.querySelectorAll(".records-head .records-th")].map((h) => h.getBoundingClientRect().right);
      const cut = [...document.querySelectorAll(".records-body .records-td")].filter((td) => /@|_/.test(td.textContent) && td.scrollWidth > td.clientWidth + 1).map((td) => `${td.textContent} ${td.scrollWidth}/${td.clientWidth}`);
      return { right: table.right, lastHead: Math.max(...heads), cut };
    });
    ok(fits.lastHead <= fits.right + 1, `every column of the users list in view at 1440 px (last header ends at ${fits.lastHead}, the table at ${fits.right})`);
    equal(fits.cut.join(", "), "", "emails and usernames cut short in the users list (content/box widths)");
    await ctx.shot(page, "records-users-1440");
  },
});

async function seedPickers(ctx) {
  const t = await adminToken(ctx);
  const existing = await ctx.api.call("GET", "/api/collections/rev_pick", { token: t });
  if (existing.status === 200) return existing.json;
  const target = await ctx.api.expectOk("POST", "/api/collections", { token: t, body: { name: "rev_pick_target", type: "base", schema: [{ name: "name", type: "text", presentable: true, options: {} }] } });
  await Promise.all(Array.from({ length: 30 }, (_, i) => ctx.api.expectOk("POST", "/api/collections/rev_pick_target/records", { token: t, body: { name: `target ${i}` } })));
  await ctx.api.expectOk("POST", "/api/collections", { token: t, body: { name: "rev_pick_files", type: "base", schema: [{ name: "image", type: "file", options: { maxSelect: 1, maxSize: 5242880, mimeTypes: [], thumbs: [] } }] } });
  const schema = [
    { name: "rel", type: "relation", options: { collectionId: target.id, maxSelect: null, cascadeDelete: false } },
    { name: "body", type: "editor", options: {} },
  ];
  return ctx.api.expectOk("POST", "/api/collections", { token: t, body: { name: "rev_pick", type: "base", schema } });
}

reviewJourneys.push({
  name: "review: the relation and file pickers fill the panel's height; the file picker's empty message reads on one line; the editor's toolbar aligns, shows the source, goes full screen",
  async run(ctx) {
    const c = await seedPickers(ctx);
    const { page } = await ctx.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(ctx, page);
    await page.goto(ctx.url(`/collections?collectionId=${c.id}`));
    await page.getByRole("button", { name: "New record" }).click();
    const panel = page.getByRole("dialog", { name: "New rev_pick record" });
    await panel.getByRole("button", { name: "Open picker for rel" }).click();
    const picker = page.getByRole("dialog", { name: "Select rev_pick_target records" });
    await visible(picker.getByRole("option", { name: /target 29/ }));
    const list = await picker.locator(".picker-list").boundingBox();
    ok(list && list.height > 500, `the record list fills the panel at 900 px (${list?.height} px tall)`);
    await picker.getByRole("button", { name: "Cancel" }).click();

    await panel.getByRole("button", { name: "Insert image" }).click();
    const files = page.getByRole("dialog", { name: "Select a file" });
    await files.getByRole("button", { name: "rev_pick_files" }).click();
    const empty = files.getByText("No records with images found.");
    await visible(empty);
    const box = await empty.boundingBox();
    ok(box && box.width > 300 && box.height < 50, `the empty message on one line (${box?.width}×${box?.height})`);
    await ctx.shot(page, "file-picker-empty");
    await files.getByRole("button", { name: "Cancel" }).click();

    // the editor's toolbar: alignment, the HTML source, full screen
    const editor = panel.locator(".rich-editor-content");
    await editor.click();
    await page.keyboard.type("Centered");
    await panel.getByRole("button", { name: "Align center" }).click();
    await panel.getByRole("button", { name: "Source code" }).click();
    const src = panel.getByRole("textbox", { name: "body HTML source" });
    await visible(src);
    equal(await src.inputValue(), '<p style="text-align: center;">Centered</p>', "the HTML source");
    await src.fill("<p>From source</p>");
    await panel.getByRole("button", { name: "Source code" }).click();
    await visible(editor.getByText("From source"));
    await panel.getByRole("button", { name: "Fullscreen" }).click();
    const full = await panel.locator(".rich-editor").boundingBox();
    ok(full && full.width >= 1439 && full.height >= 899, `the editor over the whole window (${JSON.stringify(full)})`);
    await ctx.shot(page, "rich-editor-fullscreen");
    // Escape from the text leaves full screen and keeps the record panel open
    await editor.click();
    await page.keyboard.press("Escape");
    await visible(panel.getByRole("button", { name: "Fullscreen", exact: true }));
    const back = await panel.locator(".rich-editor").boundingBox();
    ok(back && back.height < 600, `the editor back in the panel (${JSON.stringify(back)})`);
    // and from a toolbar button
    await panel.getByRole("button", { name: "Fullscreen", exact: true }).click();
    await panel.getByRole("button", { name: "Exit fullscreen" }).focus();
    await page.keyboard.press("Escape");
    await visible(panel.getByRole("button", { name: "Fullscreen", exact: true }));
    await visible(panel);
  },
});

reviewJourneys.push({
  name: "review: token options line up their inputs and Invalidate links; at 768 px the settings menu stays beside the form",
  async run(ctx) {
    const { page } = await ctx.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(ctx, page);
    await page.goto(ctx.url("/settings/tokens"));
    await visible(page.getByRole("spinbutton").first());
    const rows = await page.evaluate(() =>
      [...document.querySelectorAll(".token-row")].map((row) => ({
        input: Math.round(row.querySelector("input").getBoundingClientRect().top),
        link: Math.round(row.querySelector(".token-invalidate").getBoundingClientRect().top),
        top: Math.round(row.getBoundingClientRect().top),
      })),
    );
    // rows of the same grid line share their top
    const lines = new Map();
    for (const r of rows) lines.set(r.top, [...(lines.get(r.top) ?? []), r]);
    for (const line of lines.values()) {
      equal(new Set(line.map((r) => r.input)).size, 1, `inputs on one line (${line.map((r) => r.input)})`);
      equal(new Set(line.map((r) => r.link)).size, 1, `Invalidate links on one line (${line.map((r) => r.link)})`);
    }
    ok([...lines.values()].some((l) => l.length > 1), "several token fields share a line at 1440 px");

    await page.setViewportSize({ width: 768, height: 900 });
    await page.goto(ctx.url("/settings/mail"));
    const form = page.locator(".settings-content");
    await visible(form.getByRole("heading", { name: "Mail settings" }));
    const menu = await page.getByRole("complementary", { name: "Settings" }).boundingBox();
    const content = await form.boundingBox();
    ok(menu && content && content.x >= menu.x + menu.width - 1 && content.y < 100, `the menu beside the form at 768 px (menu ${JSON.stringify(menu)}, form ${JSON.stringify(content)})`);
    await ctx.shot(page, "settings-768");
  },
});
