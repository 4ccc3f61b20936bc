// Journey of a large upload from the record panel: the progress bar, then an upload cancelled
// half-way that leaves the panel open with its form and no record on the server.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { seriousViolations } from "./a11y.mjs";
import { adminToken, signIn } from "./adminSession.mjs";
import { equal, eventually, hidden, ok, visible } from "./expect.mjs";

const COLLECTION = "rec_uploads";
const SIZE = 30 * 1024 * 1024;

/** The first admin (a fresh data directory accepts it without auth) and the collection with a large file field. */
async function seed(ctx) {
  let t;
  try {
    t = await adminToken(ctx);
  } catch {
    await ctx.api.expectOk("POST", "/api/admins", { body: { email: ctx.admin.email, password: ctx.admin.password, passwordConfirm: ctx.admin.password } });
    t = await adminToken(ctx);
  }
  const existing = await ctx.api.call("GET", `/api/collections/${COLLECTION}`, { token: t });
  if (existing.status !== 200) {
    await ctx.api.expectOk("POST", "/api/collections", {
      token: t,
      body: {
        name: COLLECTION,
        type: "base",
        schema: [
          { name: "title", type: "text", options: {} },
          { name: "blob", type: "file", options: { maxSelect: 1, maxSize: 64 * 1024 * 1024, mimeTypes: [], thumbs: [] } },
        ],
      },
    });
  }
  return t;
}

async function records(ctx, t) {
  return (await ctx.api.expectOk("GET", `/api/collections/${COLLECTION}/records?perPage=200`, { token: t })).items;
}

/** Upload speed limited through the DevTools protocol, so the progress can be watched and cancelled. */
async function throttleUploads(cdp, bytesPerSecond) {
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
}

async function openNewRecord(page) {
  await page.getByRole("complementary", { name: "Collections" }).getByRole("link", { name: COLLECTION, exact: true }).click();
  await page.getByRole("button", { name: "New record" }).click();
  return page.getByRole("dialog", { name: `New ${COLLECTION} record` });
}

export const uploadsJourneys = [
  {
    name: "records: upload progress and cancel",
    async run(ctx) {
      const t = await seed(ctx);
      const dir = mkdtempSync(path.join(tmpdir(), "cairn-e2e-upload-"));
      const file = path.join(dir, "big.bin");
      writeFileSync(file, Buffer.alloc(SIZE, 7));
      try {
        const { context, page } = await ctx.newPage();
        await signIn(ctx, page);

        // a 30 MB upload: the bar advances, then the record exists with its file
        // one DevTools session for both speeds (a second session would not replace the first one's conditions)
        const cdp = await context.newCDPSession(page);
        await cdp.send("Network.enable");
        await throttleUploads(cdp, 10 * 1024 * 1024);
        let dialog = await openNewRecord(page);
        await dialog.locator('.record-field[data-field="title"] input').fill("uploaded");
        await dialog.locator('.record-field[data-field="blob"] input[type="file"]').setInputFiles(file);
        await dialog.getByRole("button", { name: "Create" }).click();
        const bar = page.getByRole("progressbar", { name: "Upload progress" });
        await visible(bar);
        await visible(page.getByRole("button", { name: "Cancel upload" }));
        await ctx.shot(page, "record-upload-progress");
        await visible(page.getByText("Successfully created record."), 30000);
        await hidden(dialog);
        const saved = (await records(ctx, t)).find((r) => r.title === "uploaded");
        ok(saved && /^big_\w+\.bin$/.test(saved.blob), `the uploaded record and its file: ${JSON.stringify(saved)}`);
        const head = await fetch(`${ctx.apiUrl}/api/files/${COLLECTION}/${saved.id}/${saved.blob}`);
        equal(Number(head.headers.get("content-length")), SIZE, "stored file size");
        await head.body?.cancel();

        // a slow upload cancelled part-way: the panel stays with its values, a toast, no record
        await throttleUploads(cdp, 1024 * 1024);
        dialog = await openNewRecord(page);
        await dialog.locator('.record-field[data-field="title"] input').fill("cancelled");
        await dialog.locator('.record-field[data-field="blob"] input[type="file"]').setInputFiles(file);
        await dialog.getByRole("button", { name: "Create" }).click();
        await eventually(async () => Number(await bar.getAttribute("aria-valuenow")) >= 3, { timeout: 20000, message: "upload progress reaches 3%" });
        const at = Number(await bar.getAttribute("aria-valuenow"));
        ok(at < 50, `cancelled before the end (${at}%)`);
        equal((await seriousViolations(page)).join("\n"), "", "axe on the panel while uploading");
        await page.getByRole("button", { name: "Cancel upload" }).click();
        await visible(page.getByText("The upload was cancelled."));
        await hidden(bar);
        await visible(dialog);
        equal(await dialog.locator('.record-field[data-field="title"] input').inputValue(), "cancelled", "title kept");
        await visible(dialog.getByRole("button", { name: "Remove new file big.bin" }));
        await new Promise((r) => setTimeout(r, 1000));
        equal((await records(ctx, t)).filter((r) => r.title === "cancelled").length, 0, "no record after the cancel");
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
