// The command palette (Ctrl/Cmd+K) and the shortcuts list (?), on both servers: the palette
// finds everything through the server's API, so it must work against PocketBase too.
import { axeChecker, failOnViolations } from "./a11y.mjs";
import { adminToken, signIn } from "./adminSession.mjs";
import { equal, eventually, hidden, ok, visible } from "./expect.mjs";

async function seed(ctx) {
  const t = await adminToken(ctx);
  const existing = await ctx.api.call("GET", "/api/collections/pal_notes", { token: t });
  if (existing.status === 200) return existing.json;
  const notes = await ctx.api.expectOk("POST", "/api/collections", { token: t, body: { name: "pal_notes", type: "base", schema: [{ name: "title", type: "text", options: {} }] } });
  await ctx.api.expectOk("POST", "/api/collections/pal_notes/records", { token: t, body: { id: "palnote00000042", title: "found by id" } });
  return notes;
}

function palette(page) {
  return page.getByRole("dialog", { name: "Command palette" });
}

/** Ctrl+K until the palette shows (its code loads with the signed-in shell). */
async function openPalette(page) {
  await eventually(
    async () => {
      if (!(await palette(page).isVisible())) await page.keyboard.press("Control+k");
      await page.waitForTimeout(200);
      return palette(page).isVisible();
    },
    { message: "the command palette after Ctrl+K" },
  );
  return palette(page);
}

export const paletteJourneys = [
  {
    name: "palette: Ctrl+K opens collections, settings pages, actions, a pasted record id and recent places; ? lists the shortcuts",
    async run(ctx) {
      const notes = await seed(ctx);
      const { page } = await ctx.newPage();
      await signIn(ctx, page);

      // a collection: Enter opens its records
      let dialog = await openPalette(page);
      await page.keyboard.type("pal_notes");
      await page.keyboard.press("Enter");
      await hidden(dialog);
      await page.waitForURL((u) => u.hash.includes(`collectionId=${notes.id}`));
      await visible(page.getByRole("heading", { name: "pal_notes" }));

      // a settings page by words
      dialog = await openPalette(page);
      await page.keyboard.type("mail settings");
      await page.keyboard.press("Enter");
      await page.waitForURL(/#\/settings\/mail$/);

      // the last collection is among the recent places
      dialog = await openPalette(page);
      await visible(dialog.getByRole("group", { name: "Recent" }).getByRole("option", { name: "pal_notes" }));
      await ctx.shot(page, "palette");
      await dialog.getByRole("group", { name: "Recent" }).getByRole("option", { name: "pal_notes" }).click();
      await page.waitForURL((u) => u.hash.includes(`collectionId=${notes.id}`));

      // new record in the collection on screen
      dialog = await openPalette(page);
      await page.keyboard.type("new record");
      await visible(dialog.getByRole("option", { name: "New record in pal_notes" }));
      await page.keyboard.press("Enter");
      const recordPanel = page.getByRole("dialog", { name: "New pal_notes record" });
      await visible(recordPanel);
      await recordPanel.getByRole("button", { name: "Close" }).first().click();
      await hidden(recordPanel);

      // a pasted record id, found in whichever collection holds it
      dialog = await openPalette(page);
      await dialog.getByRole("combobox").fill("palnote00000042");
      await visible(dialog.getByRole("option", { name: "Open record palnote00000042 in pal_notes" }));
      await page.keyboard.press("Enter");
      await page.waitForURL((u) => u.hash.includes("recordId=palnote00000042"));
      const editPanel = page.getByRole("dialog", { name: "Edit pal_notes record" });
      await visible(editPanel);
      equal(await editPanel.getByLabel("title", { exact: true }).inputValue(), "found by id", "the record opened from its id");
      await editPanel.getByRole("button", { name: "Close" }).first().click();
      await hidden(editPanel);

      // toggle theme
      const before = await page.evaluate(() => document.documentElement.dataset.theme);
      dialog = await openPalette(page);
      await page.keyboard.type("toggle theme");
      await page.keyboard.press("Enter");
      await eventually(async () => (await page.evaluate(() => document.documentElement.dataset.theme)) !== before, { message: "the theme toggled" });

      // Escape closes; ? lists the shortcuts from the registry
      dialog = await openPalette(page);
      await page.keyboard.press("Escape");
      await hidden(dialog);
      await page.locator("body").click({ position: { x: 5, y: 5 } });
      await page.keyboard.press("?");
      const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
      await visible(help);
      ok((await help.textContent()).includes("Open the command palette"), "the shortcuts list names the palette's key");
      ok((await help.textContent()).includes("Focus the search box"), "the shortcuts list names the records search key");
      await page.keyboard.press("Escape");
      await hidden(help);

      // sign out
      dialog = await openPalette(page);
      await page.keyboard.type("sign out");
      await page.keyboard.press("Enter");
      await visible(page.getByRole("button", { name: "Login" }));
    },
  },
  {
    name: "palette: axe on the palette and the shortcuts list, light and dark, 1440 and 768 px",
    onlyOn: "cairn",
    async run(ctx) {
      await seed(ctx);
      const problems = [];
      for (const theme of ["light", "dark"]) {
        const { page } = await ctx.newPage({ theme });
        await signIn(ctx, page);
        const check = axeChecker(ctx, page, theme, problems);
        for (const width of [1440, 768]) {
          await page.setViewportSize({ width, height: 900 });
          const dialog = await openPalette(page);
          await page.keyboard.type("settings");
          await check(`palette-${width}`);
          const box = await dialog.boundingBox();
          ok(box && box.x >= 0 && box.x + box.width <= width, `the palette fits a ${width} px window`);
          await page.keyboard.press("Escape");
          await hidden(dialog);
          await page.keyboard.press("?");
          await visible(page.getByRole("dialog", { name: "Keyboard shortcuts" }));
          await check(`shortcuts-${width}`);
          await page.keyboard.press("Escape");
          await hidden(page.getByRole("dialog", { name: "Keyboard shortcuts" }));
        }
      }
      failOnViolations(problems);
    },
  },
];
