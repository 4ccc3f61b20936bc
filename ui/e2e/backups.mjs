// Journeys of the Backups page: create, download, upload, restore and delete a backup, the
// options form (auto backups, S3 with a real s3rver), and axe on the page and its popups.
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { axeChecker, failOnViolations } from "./a11y.mjs";
import { adminToken, signIn } from "./adminSession.mjs";
import { equal, eventually, hidden, ok, visible } from "./expect.mjs";
import { freePort } from "./servers.mjs";

const FIRST = "e2e_first.zip";
const UPLOADED = "e2e_uploaded.zip";
const LATE_COLLECTION = "e2e_after_backup";

async function openBackups(ctx, page) {
  await page.goto(ctx.url("/settings/backups"));
  await visible(page.getByRole("heading", { name: "Backup and restore your data" }));
}

function row(page, key) {
  return page.getByTestId("backup-row").filter({ hasText: key });
}

async function listKeys(ctx) {
  const list = await ctx.api.expectOk("GET", "/api/backups", { token: await adminToken(ctx) });
  return list.map((b) => b.key);
}

export const backupsJourneys = [
  {
    name: "backups: create, download and upload",
    async run(ctx) {
      const { page } = await ctx.newPage({ acceptDownloads: true });
      await signIn(ctx, page);
      await openBackups(ctx, page);
      equal(await page.title(), "Backups - Acme - Cairn", "page title");
      await visible(page.getByText("No backups yet."));
      await ctx.shot(page, "backups-empty");

      // create: the name pattern, then a named backup
      await page.getByRole("button", { name: "Initialize new backup" }).click();
      const dialog = page.getByRole("dialog", { name: "Initialize new backup" });
      await visible(dialog.getByLabel("Backup name"));
      equal(await dialog.getByLabel("Backup name").getAttribute("name"), "name", "form field name");
      await dialog.getByLabel("Backup name").fill("Bad Name");
      await dialog.getByRole("button", { name: "Start backup" }).click();
      await visible(dialog.getByText("Must be in a valid format."));
      await dialog.getByLabel("Backup name").fill(FIRST);
      await ctx.shot(page, "backups-create");
      await dialog.getByRole("button", { name: "Start backup" }).click();
      await visible(page.getByText("Successfully generated new backup."), 30000);
      await hidden(dialog);
      await visible(row(page, FIRST));
      const size = await row(page, FIRST).locator(".backups-item-size").textContent();
      ok(/^\(\d+(\.\d)? (KB|MB)\)$/.test(size), `formatted size (${size})`);
      await visible(page.getByRole("button", { name: "Initialize new backup" }));

      // download through the file token
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: `Download ${FIRST}` }).click()]);
      equal(download.suggestedFilename(), FIRST, "downloaded file name");
      const file = await download.path();
      equal(readFileSync(file).subarray(0, 2).toString("latin1"), "PK", "a zip archive");

      // upload: a wrong type is refused with the file field's message, a zip is added on top
      const input = page.locator('input[type="file"][accept="application/zip"]');
      await input.setInputFiles({ name: "notes.zip", mimeType: "text/plain", buffer: Buffer.from("not a zip") });
      await visible(page.locator(".toast-error").filter({ hasText: "application/zip" }));
      await input.setInputFiles({ name: UPLOADED, mimeType: "application/zip", buffer: readFileSync(file) });
      await visible(page.getByText("Successfully uploaded a new backup."), 30000);
      await visible(row(page, UPLOADED));
      const keys = await page.getByTestId("backup-row").locator(".backups-item-name").allTextContents();
      equal(keys.join(","), `${UPLOADED},${FIRST}`, "newest first");
      await ctx.shot(page, "backups-list");
    },
  },
  {
    name: "backups: restore",
    async run(ctx) {
      const token = await adminToken(ctx);
      ok((await listKeys(ctx)).includes(FIRST), "the backup to restore exists");
      await ctx.api.expectOk("POST", "/api/collections", { token, body: { name: LATE_COLLECTION, type: "base", schema: [{ name: "title", type: "text" }] } });
      const { page } = await ctx.newPage();
      await signIn(ctx, page);
      await openBackups(ctx, page);
      await page.getByRole("button", { name: `Restore ${FIRST}` }).click();
      const dialog = page.getByRole("alertdialog", { name: `Restore ${FIRST}` });
      await visible(dialog.getByText(/experimental/));
      const submit = dialog.getByRole("button", { name: "Restore backup" });
      ok(await submit.isDisabled(), "disabled before typing the name");
      const input = dialog.getByLabel(/Type the backup name/);
      await input.fill("e2e_first");
      ok(await submit.isDisabled(), "disabled for a partial name");
      await input.fill(FIRST);
      ok(await submit.isEnabled(), "enabled for the exact name");
      await ctx.shot(page, "backups-restore");
      await submit.click();
      // the server restarts on the restored data; the page reloads 2 s after the call returns
      await page.waitForEvent("load", { timeout: 30000 });
      await eventually(
        async () => {
          const r = await ctx.api.call("GET", `/api/collections/${LATE_COLLECTION}`, { token: await adminToken(ctx) });
          return r.status === 404;
        },
        { timeout: 30000, interval: 500, message: "the collection created after the backup to be gone" },
      );
      await visible(page.getByRole("heading", { name: "Backup and restore your data" }), 20000);
      // the reload may have raced the restart: refresh until the list answers
      await eventually(
        async () => {
          if ((await row(page, FIRST).count()) > 0) return true;
          await page.getByRole("button", { name: "Refresh" }).click();
          await page.waitForTimeout(700);
          return (await row(page, FIRST).count()) > 0;
        },
        { timeout: 20000, interval: 300, message: "the backup list after the restore" },
      );
    },
  },
  {
    name: "backups: delete",
    async run(ctx) {
      const { page } = await ctx.newPage();
      await signIn(ctx, page);
      await openBackups(ctx, page);
      for (const key of [UPLOADED, FIRST]) {
        await page.getByRole("button", { name: `Delete ${key}` }).click();
        const confirmBox = page.getByRole("alertdialog", { name: "Confirm action" });
        await visible(confirmBox.getByText(`Do you really want to delete ${key}?`));
        await confirmBox.getByRole("button", { name: "Yes" }).click();
        await visible(page.getByText(`Successfully deleted ${key}.`));
        await hidden(row(page, key));
      }
      await visible(page.getByText("No backups yet."));
      equal((await listKeys(ctx)).length, 0, "no backups on the server");
    },
  },
  {
    name: "backups: a long backup shows the in-progress state",
    async run(ctx) {
      // 256 MB of random hex text (compressible only to about half, so both servers deflate it,
      // slowly) take either server well over the popup's 1.5 s to zip, even on an idle machine,
      // so the in-progress state is always reached. Random bytes would not do: Cairn stores
      // incompressible files without deflating them, in a second or two.
      const token = await adminToken(ctx);
      const blobs = await ctx.api.expectOk("POST", "/api/collections", { token, body: { name: "e2e_blobs", type: "base", schema: [{ name: "f", type: "file", options: { maxSelect: 1, maxSize: 200000000 } }] } });
      for (let i = 0; i < 4; i++) {
        const form = new FormData();
        form.append("f", new Blob([randomBytes(32 * 1024 * 1024).toString("hex")]), `big${i}.txt`);
        const up = await fetch(`${ctx.api.baseUrl}/api/collections/e2e_blobs/records`, { method: "POST", headers: { authorization: token }, body: form });
        equal(up.status, 200, `big file ${i} stored`);
      }
      try {
        const { page } = await ctx.newPage();
        await signIn(ctx, page);
        await openBackups(ctx, page);
        await page.getByRole("button", { name: "Initialize new backup" }).click();
        const dialog = page.getByRole("dialog", { name: "Initialize new backup" });
        await dialog.getByLabel("Backup name").fill("e2e_big.zip");
        await dialog.getByRole("button", { name: "Start backup" }).click();
        // closing during the first 1.5 s is refused
        await page.keyboard.press("Escape");
        await visible(page.getByText("A backup has already been started, please wait."));
        await visible(dialog);
        // then the popup closes by itself and the page shows the running backup
        await visible(page.getByText("The backup was started but may take a while to complete. You can come back later."));
        await hidden(dialog);
        const busy = page.getByRole("button", { name: "Backup/restore operation is in process" });
        await visible(busy);
        ok(await busy.isDisabled(), "the button is disabled while a backup runs");
        const bar = page.getByRole("progressbar", { name: "Backup progress of e2e_big.zip" });
        // the success toast is awaited from now on: it may come and go while the checks below run
        const succeeded = visible(page.getByText("Successfully generated new backup."), 90000);
        succeeded.catch(() => {}); // awaited below; this only keeps an early failure from counting as unhandled
        if (ctx.server === "cairn") {
          // Cairn reports the phase and bytes: the bar shows and moves on
          await visible(bar);
          const seen = new Set([await bar.getAttribute("aria-valuetext")]);
          await eventually(
            async () => {
              const text = await bar.getAttribute("aria-valuetext", { timeout: 1000 }).catch(() => null);
              if (text) seen.add(text);
              return seen.size >= 2;
            },
            { timeout: 30000, interval: 200, message: "the backup's progress to move" },
          );
          ok([...seen].some((t) => /^(Copying the databases|Zipping the files|Storing the archive) \d+%$/.test(t)), `a phase with its percentage (saw ${[...seen].join(", ")})`);
          // accessible in both themes (axe is slow on a busy machine: the bar may be gone by the dark check)
          const problems = [];
          await axeChecker(ctx, page, "light", problems)("backups-progress");
          await page.getByRole("button", { name: "Switch to dark theme" }).click();
          await axeChecker(ctx, page, "dark", problems)("backups-progress");
          await page.getByRole("button", { name: "Switch to light theme" }).click();
          failOnViolations(problems);
        } else {
          // PocketBase has no progress endpoint: no bar and no error
          await page.waitForTimeout(1500);
          equal(await bar.count(), 0, "no progress bar against the reference");
          equal(await page.getByRole("alert").count(), 0, "no error toast against the reference");
        }
        await ctx.shot(page, "backups-in-progress");
        await succeeded;
        await visible(page.getByRole("button", { name: "Initialize new backup" }), 15000);
        await visible(row(page, "e2e_big.zip"));
      } finally {
        await ctx.api.call("DELETE", "/api/backups/e2e_big.zip", { token });
        await ctx.api.call("DELETE", `/api/collections/${blobs.id}`, { token });
      }
    },
  },
  {
    name: "backups: options (auto backups and S3)",
    async run(ctx) {
      const s3dir = mkdtempSync(path.join(tmpdir(), "cairn-e2e-s3-"));
      const s3port = await freePort();
      const s3 = new S3rver({ address: "127.0.0.1", port: s3port, silent: true, directory: s3dir, configureBuckets: [{ name: "backups" }], vhostBuckets: false });
      await s3.run();
      try {
        const { page } = await ctx.newPage();
        await signIn(ctx, page);
        await openBackups(ctx, page);
        const toggle = page.getByRole("button", { name: "Backups options" });
        equal(await toggle.getAttribute("aria-expanded"), "false", "collapsed at first");
        await toggle.click();
        equal(await toggle.getAttribute("aria-expanded"), "true", "expanded");
        const save = page.getByRole("button", { name: "Save changes" });
        await visible(save);
        ok(await save.isDisabled(), "Save disabled without changes");

        // auto backups: cron required, presets, max to keep >= 1
        await page.getByLabel("Enable auto backups").check();
        ok(await save.isEnabled(), "Save enabled after a change");
        const cron = page.getByLabel("Cron expression");
        equal(await cron.getAttribute("placeholder"), "* * * * *", "cron placeholder");
        await cron.fill("");
        await save.click();
        await visible(page.getByText("Cannot be blank."));
        await page.getByLabel("Cron presets").selectOption("0 0 * * 1,3");
        equal(await cron.inputValue(), "0 0 * * 1,3", "preset applied");
        await page.getByLabel("Max @auto backups to keep").fill("0");
        await save.click();
        await visible(page.getByText("Must be no less than 1."));
        await page.getByLabel("Max @auto backups to keep").fill("2");
        await cron.fill("not a cron");
        await save.click();
        await visible(page.getByText(/Invalid cron expression/));
        await cron.fill("@daily");
        await save.click();
        await visible(page.getByText("Successfully saved application settings."));
        let settings = await ctx.api.expectOk("GET", "/api/settings", { token: await adminToken(ctx) });
        equal(settings.backups.cron, "@daily", "saved cron");
        equal(settings.backups.cronMaxKeep, 2, "saved max to keep");
        ok(await save.isDisabled(), "Save disabled after saving");

        // Reset restores the saved values; turning auto off clears the cron
        await cron.fill("0 1 * * *");
        await page.getByRole("button", { name: "Reset" }).click();
        equal(await cron.inputValue(), "@daily", "reset value");
        await page.getByLabel("Enable auto backups").uncheck();
        await hidden(cron);

        // S3: required fields, then a real s3rver bucket
        await page.getByLabel("Store backups in S3 storage").check();
        await save.click();
        equal(await page.getByText("Cannot be blank.").count(), 5, "five required S3 settings");
        await page.getByLabel("Endpoint").fill(`http://127.0.0.1:${s3port}`);
        await page.getByLabel("Bucket").fill("backups");
        await page.getByLabel("Region").fill("us-east-1");
        await page.getByLabel("Access key").fill("S3RVER");
        await page.getByLabel("Secret").fill("S3RVER");
        await page.getByLabel("Force path-style addressing").check();
        await ctx.shot(page, "backups-options");
        await save.click();
        await visible(page.getByText("Successfully saved application settings."));
        await visible(page.getByText("S3 connected successfully"), 30000);
        equal(await page.getByText("Successfully saved but failed to establish S3 connection.").count(), 0, "no failure warning when connected");
        settings = await ctx.api.expectOk("GET", "/api/settings", { token: await adminToken(ctx) });
        equal(settings.backups.cron, "", "auto backups off");
        equal(settings.backups.s3.enabled, true, "S3 on");
        equal(settings.backups.s3.bucket, "backups", "bucket");
        await ctx.shot(page, "backups-s3-connected");

        // a wrong key: saved, but the connection fails
        await page.getByLabel("Access key").fill("WRONG");
        // the saved secret comes back masked: replacing it takes "Set new value" (as on the storage page)
        await page.getByRole("button", { name: "Set new value" }).click();
        await page.getByLabel("Secret").fill("WRONG");
        await save.click();
        await visible(page.getByText("Successfully saved but failed to establish S3 connection."), 30000);
        await visible(page.getByText(/^Failed to establish S3 connection/));

        // back to local storage
        await page.getByLabel("Store backups in S3 storage").uncheck();
        await save.click();
        await visible(page.getByText("Successfully saved application settings."));
        settings = await ctx.api.expectOk("GET", "/api/settings", { token: await adminToken(ctx) });
        equal(settings.backups.s3.enabled, false, "S3 off again");
      } finally {
        await s3.close();
        rmSync(s3dir, { recursive: true, force: true });
      }
    },
  },
  {
    name: "backups: accessibility (axe) of the page and its popups",
    onlyOn: "cairn",
    async run(ctx) {
      const token = await adminToken(ctx);
      await ctx.api.expectOk("POST", "/api/backups", { token, body: { name: "e2e_axe.zip" } });
      const problems = [];
      try {
        for (const theme of ["light", "dark"]) {
          const { page } = await ctx.newPage({ theme });
          const check = axeChecker(ctx, page, theme, problems);
          await signIn(ctx, page);
          await openBackups(ctx, page);
          await visible(row(page, "e2e_axe.zip"));
          await page.getByRole("button", { name: "Backups options" }).click();
          await page.getByLabel("Enable auto backups").check();
          await page.getByLabel("Store backups in S3 storage").check();
          await check("backups");
          await page.getByRole("button", { name: "Reset" }).click();
          await page.getByRole("button", { name: "Initialize new backup" }).click();
          await visible(page.getByRole("dialog", { name: "Initialize new backup" }).getByLabel("Backup name"));
          await check("backups-create");
          await page.getByRole("dialog", { name: "Initialize new backup" }).getByRole("button", { name: "Cancel" }).click();
          await hidden(page.getByRole("dialog", { name: "Initialize new backup" }));
          await page.getByRole("button", { name: "Restore e2e_axe.zip" }).click();
          await visible(page.getByRole("alertdialog", { name: "Restore e2e_axe.zip" }));
          await check("backups-restore");
          await page.getByRole("alertdialog", { name: "Restore e2e_axe.zip" }).getByRole("button", { name: "Cancel" }).click();
          await hidden(page.getByRole("alertdialog", { name: "Restore e2e_axe.zip" }));
          await page.getByRole("button", { name: "Delete e2e_axe.zip" }).click();
          await visible(page.getByRole("alertdialog", { name: "Confirm action" }));
          await check("backups-delete-confirm");
          await page.getByRole("button", { name: "No" }).click();
        }
      } finally {
        await ctx.api.call("DELETE", "/api/backups/e2e_axe.zip", { token });
      }
      failOnViolations(problems);
    },
  },
];
