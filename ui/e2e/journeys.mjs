// The user journeys, run in order against one target (reference or cairn).
import { seriousViolations } from "./a11y.mjs";
import { adminToken, signIn } from "./adminSession.mjs";
import { equal, eventually, hidden, ok, visible } from "./expect.mjs";
import { tokenFromMail } from "./smtp.mjs";
import { IDLE_PREFETCH_BUDGET_BYTES, measureSignInJs, SIGN_IN_JS_BUDGET_BYTES } from "./budget.mjs";
import { collectionsJourneys } from "./collections.mjs";
import { syncJourneys } from "./sync.mjs";
import { backupsJourneys } from "./backups.mjs";
import { settingsJourneys } from "./settings.mjs";
import { recordsJourneys } from "./records.mjs";
import { beyondJourneys } from "./beyond.mjs";
import { factorsJourneys } from "./factors.mjs";
import { transferJourneys } from "./transfer.mjs";
import { uploadsJourneys } from "./uploads.mjs";
import { paletteJourneys } from "./palette.mjs";
import { freshInstallJourney, reviewJourneys } from "./review.mjs";
import { pocketbaseDashboardJourneys } from "./pocketbaseDashboard.mjs";
import { startTarget } from "./servers.mjs";

const ADMIN_EMAIL = "admin@example.com";
const FIRST_PASSWORD = "first-pass-123";
const NEW_PASSWORD = "second-pass-456";

async function enableSmtp(ctx) {
  const token = await adminToken(ctx);
  await ctx.api.expectOk("PATCH", "/api/settings", {
    token,
    body: { smtp: { enabled: true, host: "127.0.0.1", port: ctx.smtp.port, tls: false, username: "", password: "" } },
  });
}

/** Opens the logs page and refreshes until a row matches the text. */
async function logsShowing(ctx, page, text, timeout = 20000) {
  await eventually(
    async () => {
      if ((await page.locator(".logs-row", { hasText: text }).count()) > 0) return true;
      await page.getByRole("button", { name: "Refresh" }).click();
      await page.waitForTimeout(700);
      return (await page.locator(".logs-row", { hasText: text }).count()) > 0;
    },
    { timeout, interval: 300, message: `a log row with "${text}"` },
  );
}

export const journeys = [
  // Before the first admin exists; the budget journey opens the sign-in page, which a fresh install sends on to the installer.
  freshInstallJourney,
  {
    name: "install the first admin",
    async run(ctx) {
      const { page } = await ctx.newPage();
      await page.goto(ctx.dashboardUrl + "?installer#");
      await visible(page.getByRole("heading", { name: "Create your first admin account" }));
      await ctx.shot(page, "installer");
      await page.getByRole("button", { name: "Create and sign in" }).click();
      equal(await page.getByText("Cannot be blank.").count(), 3, "blank errors");
      await visible(page.getByText("Minimum 10 characters."));
      await page.getByLabel("Email").fill("not-an-email");
      await page.getByLabel("Password", { exact: true }).fill("short");
      await page.getByLabel("Password confirm").fill("short");
      await page.getByRole("button", { name: "Create and sign in" }).click();
      await visible(page.getByText("Must be a valid email address."));
      equal(await page.getByText("Must be at least 10 characters.").count(), 2, "min length errors");
      await page.getByLabel("Email").fill(ADMIN_EMAIL);
      await page.getByLabel("Password", { exact: true }).fill(FIRST_PASSWORD);
      await page.getByLabel("Password confirm").fill(FIRST_PASSWORD);
      await page.getByRole("button", { name: "Create and sign in" }).click();
      await page.waitForURL((u) => !u.search.includes("installer") && u.hash.startsWith("#/collections"), { timeout: 15000 });
      await visible(page.getByRole("navigation", { name: "Main" }));
      ctx.admin = { email: ADMIN_EMAIL, password: FIRST_PASSWORD };
      await eventually(async () => (await page.title()) === "Collections - Acme - Cairn", { message: "page title with the app name" });
      await ctx.shot(page, "collections");
    },
  },
  {
    name: "sign-in page JS budget",
    async run(ctx) {
      const { page } = await ctx.newPage();
      const landingCode = (paths) => paths.some((p) => /CollectionsPage/.test(p)) && paths.some((p) => /RecordsSection/.test(p));
      const { total, files } = await measureSignInJs(page, ctx.url("/login"), { until: landingCode });
      const own = files.filter((f) => !f.idle);
      const idle = files.filter((f) => f.idle);
      const kb = (list) => (list.reduce((n, f) => n + f.gzip, 0) / 1024).toFixed(1);
      console.log(`      sign-in page JS: ${kb(own)} KB gzipped, then ${kb(idle)} KB of the landing page once idle (${files.map((f) => `${f.file} ${(f.gzip / 1024).toFixed(1)} KB`).join(", ")})`);
      const ownBytes = own.reduce((n, f) => n + f.gzip, 0);
      ok(ownBytes <= SIGN_IN_JS_BUDGET_BYTES, `at most 120 KB gzipped JS on the sign-in page (got ${kb(own)} KB)`);
      ok(total - ownBytes <= IDLE_PREFETCH_BUDGET_BYTES, `at most 30 KB gzipped JS fetched once the sign-in page is idle (got ${kb(idle)} KB)`);
      ok(!own.some((f) => /FilterEditor|LogsChartCanvas|CollectionEditorPanel|CodeEditor|ApiDocsPanel|CollectionsPage|RecordsSection|RecordPanel|RichEditor|ExportCollectionsPage|ImportCollectionsPage|ImportDiffPopup|BackupsPage|PaletteHost|CommandPalette|ShortcutsDialog/.test(f.file)), "no CodeMirror, chart.js, collections page, editor, docs panel, records, tiptap, sync or backups pages, command palette before the sign-in page has loaded");
      ok(landingCode(idle.map((f) => f.file)), "the landing page's code is fetched once the sign-in page is idle");
      ok(!idle.some((f) => /FilterEditor|LogsChartCanvas|CollectionEditorPanel|CodeEditor|ApiDocsPanel|RecordPanel|RichEditor/.test(f.file)), "no CodeMirror, chart.js, editors or panels in the idle prefetch");
    },
  },
  {
    name: "fail a sign-in",
    async run(ctx) {
      const { page } = await ctx.newPage();
      await page.goto(ctx.url("/login"));
      await visible(page.getByRole("heading", { name: "Admin sign in" }));
      await page.getByRole("button", { name: "Login" }).click();
      equal(await page.getByText("Cannot be blank.").count(), 2, "required errors");
      await page.getByLabel("Email").fill(ctx.admin.email);
      await page.getByLabel("Password").fill("wrong-password");
      await page.getByRole("button", { name: "Login" }).click();
      await visible(page.getByText("Invalid login credentials."));
      ok(page.url().includes("#/login"), "to stay on the login page");
      await ctx.shot(page, "login-failed");
    },
  },
  {
    name: "sign in",
    async run(ctx) {
      const { page } = await ctx.newPage();
      const q = new URLSearchParams({ demoEmail: ctx.admin.email, demoPassword: ctx.admin.password });
      await page.goto(ctx.url(`/login?${q}`));
      equal(await page.getByLabel("Email").inputValue(), ctx.admin.email, "pre-filled email");
      equal(await page.getByLabel("Password").inputValue(), ctx.admin.password, "pre-filled password");
      await page.getByRole("button", { name: "Login" }).click();
      await page.waitForURL(/#\/collections/);
      // a signed-in admin cannot enter sign-in again
      await page.goto(ctx.url("/login"));
      await page.waitForURL(/#\/collections/);
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("cairn_admin") || "{}"));
      ok(stored.token && stored.model?.email === ctx.admin.email, "the session stored under cairn_admin");
      // sidebar: Logs is highlighted on /logs
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Logs" }).click();
      await page.waitForURL(/#\/logs/);
      // the URL changes a moment before the sidebar re-renders
      const logsLink = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Logs" });
      await eventually(async () => (await logsLink.getAttribute("aria-current")) === "page", { message: "active Logs link" });
    },
  },
  {
    name: "log out",
    async run(ctx) {
      const { page } = await ctx.newPage();
      await signIn(ctx, page);
      await page.getByRole("button", { name: "Admin menu" }).click();
      await visible(page.getByRole("menuitem", { name: "Manage admins" }));
      await page.keyboard.press("Escape");
      await hidden(page.getByRole("menu"));
      // keyboard: open with ArrowDown, move to Logout (the last item), activate
      await page.getByRole("button", { name: "Admin menu" }).focus();
      await page.keyboard.press("ArrowDown");
      // as a person does, look at the open menu (its first item focused) before the next key:
      // keys sent in the same instant can race the menu's own opening focus
      await eventually(() => page.evaluate(() => document.activeElement?.textContent?.includes("Manage admins") ?? false), { message: "first item focused" });
      await page.waitForTimeout(100);
      await page.keyboard.press("End");
      await page.keyboard.press("Enter");
      await page.waitForURL(/#\/login/);
      const stored = await page.evaluate(() => localStorage.getItem("cairn_admin"));
      ok(!stored, "the session removed");
      await page.goto(ctx.url("/logs"));
      await page.waitForURL(/#\/login/);
    },
  },
  {
    name: "reset the admin password by mail",
    async run(ctx) {
      await enableSmtp(ctx);
      const { page } = await ctx.newPage();
      await page.goto(ctx.url("/login"));
      await page.getByRole("link", { name: "Forgotten password?" }).click();
      await page.waitForURL(/#\/request-password-reset/);
      await page.getByLabel("Email").fill(ctx.admin.email);
      await ctx.shot(page, "request-reset");
      await page.getByRole("button", { name: "Send reset link" }).click();
      await visible(page.getByText("a message with a password reset link is on its way"));
      const mail = await ctx.smtp.waitForMail(ctx.admin.email);
      const token = tokenFromMail(mail, "confirm-password-reset");
      await page.goto(ctx.url(`/confirm-password-reset/${token}`));
      await visible(page.getByRole("heading", { name: "Reset admin password" }));
      await ctx.shot(page, "confirm-reset");
      await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel("New password confirm").fill(NEW_PASSWORD);
      await page.getByRole("button", { name: "Set new password" }).click();
      await page.waitForURL(/#\/login/);
      await visible(page.getByText("Your admin password was changed."));
      ctx.admin.password = NEW_PASSWORD;
      await page.getByLabel("Email").fill(ctx.admin.email);
      await page.getByLabel("Password").fill(NEW_PASSWORD);
      await page.getByRole("button", { name: "Login" }).click();
      await page.waitForURL(/#\/collections/);
    },
  },
  {
    name: "browse logs",
    async run(ctx) {
      // guest traffic to log
      for (let i = 0; i < 3; i++) await ctx.api.call("GET", "/api/health");
      await ctx.api.call("GET", "/api/e2e-missing-route");
      const { page } = await ctx.newPage({ acceptDownloads: true });
      await signIn(ctx, page);
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Logs" }).click();
      await page.waitForURL(/#\/logs/);
      await visible(page.getByRole("heading", { name: "Logs" }));
      equal(await page.title(), "Logs - Acme - Cairn", "logs page title");
      await logsShowing(ctx, page, "/api/e2e-missing-route");
      await visible(page.getByText(/^Found \d+ logs?$/));
      await visible(page.locator(".logs-levels").getByText("DEBUG"));
      for (const col of ["level", "message", "created"]) await visible(page.getByRole("columnheader", { name: col }));
      await ctx.shot(page, "logs");

      // include admin requests: URL + local storage, survives a reload
      const checkbox = page.getByRole("checkbox", { name: "Include requests by admins" });
      await checkbox.check();
      await page.waitForURL(/adminRequests=1/);
      equal(await page.evaluate(() => localStorage.getItem("cairn_logs_admin_requests")), "1", "stored flag");
      await page.goto(ctx.url("/logs"));
      await page.waitForURL(/adminRequests=1/);
      ok(await page.getByRole("checkbox", { name: "Include requests by admins" }).isChecked(), "flag restored");
      await logsShowing(ctx, page, "/api/e2e-missing-route");

      // selection and bulk download
      await page.getByRole("checkbox", { name: "Select all loaded logs" }).check();
      await visible(page.getByRole("region", { name: "Selected logs actions" }));
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("region", { name: "Selected logs actions" }).getByRole("button", { name: "Download as JSON" }).click()]);
      ok(/^(log_\d+Z|\d+_logs_\d+Z_to_\d+Z)\.json$/.test(download.suggestedFilename()), `bulk file name (${download.suggestedFilename()})`);
      await page.getByRole("button", { name: "Reset" }).click();
      await hidden(page.getByRole("region", { name: "Selected logs actions" }));
      await page.getByRole("checkbox", { name: "Include requests by admins" }).uncheck();
      await eventually(async () => !page.url().includes("adminRequests"), { message: "adminRequests removed" });
    },
  },
  {
    name: "filter logs",
    async run(ctx) {
      const { page } = await ctx.newPage();
      await signIn(ctx, page);
      await page.goto(ctx.url("/logs"));
      await logsShowing(ctx, page, "/api/e2e-missing-route");
      const editor = page.getByRole("textbox", { name: "Search logs" });
      // A plain input until used: focusing it brings the filter editor, focused.
      await editor.click();
      await visible(page.locator(".searchbar .cm-content:focus"));
      await page.keyboard.type("e2e-missing-route");
      await page.keyboard.press("Enter");
      await page.waitForURL(/filter=e2e-missing-route/);
      await eventually(async () => {
        const rows = await page.locator(".logs-row").allTextContents();
        return rows.length > 0 && rows.every((r) => r.includes("e2e-missing-route"));
      }, { message: "only matching rows" });
      await ctx.shot(page, "logs-filtered");

      // autocomplete of keys
      await page.getByRole("button", { name: "Clear" }).click();
      await editor.click();
      await page.keyboard.type("data.a");
      await visible(page.getByRole("option", { name: "data.auth" }));
      // CodeMirror ignores Enter for its first 75 ms after a completion list opens (interactionDelay).
      await page.waitForTimeout(250);
      await page.keyboard.press("Enter");
      equal((await editor.textContent()).trim(), "data.auth", "completed key");
      await page.keyboard.type(' = "guest" && level > 0');
      await page.keyboard.press("Enter");
      await page.waitForURL(/filter=data\.auth/);
      await eventually(async () => {
        const rows = await page.locator(".logs-row").allTextContents();
        return rows.length > 0 && rows.every((r) => r.includes("ERROR"));
      }, { message: "only error rows" });

      // an invalid filter is silent and shows the empty state with Clear filters
      await page.getByRole("button", { name: "Clear" }).click();
      await editor.click();
      await page.keyboard.type("level >");
      await page.keyboard.press("Enter");
      await visible(page.getByText("No logs found"));
      equal(await page.locator(".toast-error").count(), 0, "error toasts for an invalid filter");
      await page.getByRole("button", { name: "Clear filters" }).click();
      await eventually(async () => !page.url().includes("filter="), { message: "filter cleared" });
      await logsShowing(ctx, page, "/api/e2e-missing-route");
    },
  },
  {
    name: "open a log",
    async run(ctx) {
      const { page } = await ctx.newPage({ acceptDownloads: true });
      await signIn(ctx, page);
      await page.goto(ctx.url("/logs"));
      await logsShowing(ctx, page, "/api/e2e-missing-route");
      await page.locator(".logs-row", { hasText: "/api/e2e-missing-route" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Request log" });
      await visible(dialog);
      await page.waitForURL(/logId=/);
      await visible(dialog.getByRole("rowheader", { name: "data.execTime" }));
      const exec = await dialog.getByRole("row", { name: /data\.execTime/ }).textContent();
      ok(/\d ms/.test(exec), `execTime in ms (${exec})`);
      await visible(dialog.locator(".label-danger"));
      const heads = await dialog.getByRole("rowheader").allTextContents();
      equal(heads.slice(0, 4).join(","), "id,level,created,message", "first rows");
      const order = ["data.execTime", "data.type", "data.auth", "data.status", "data.method", "data.url"];
      const idx = order.map((h) => heads.indexOf(h));
      ok(idx.every((v, i) => v > 3 && (i === 0 || v > idx[i - 1])), `data rows in order (${heads.join(",")})`);
      await ctx.shot(page, "log-detail");
      const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("button", { name: "Download as JSON" }).click()]);
      ok(/^log_\d+Z\.json$/.test(download.suggestedFilename()), `file name (${download.suggestedFilename()})`);
      await page.keyboard.press("Escape");
      await hidden(dialog);
      await eventually(async () => !page.url().includes("logId="), { message: "logId cleared" });

      // an unknown id: toast and no panel
      await page.goto(ctx.url("/logs?logId=doesnotexist123"));
      await visible(page.getByText('Unable to load log with id "doesnotexist123"'));
      await hidden(page.getByRole("dialog", { name: "Request log" }));
    },
  },
  {
    name: "change log settings",
    async run(ctx) {
      const { page } = await ctx.newPage();
      await signIn(ctx, page);
      await page.goto(ctx.url("/logs"));
      await page.getByRole("button", { name: "Logs settings" }).click();
      const dialog = page.getByRole("dialog", { name: "Logs settings" });
      await visible(dialog.getByLabel("Max days retention"));
      const save = dialog.getByRole("button", { name: "Save changes" });
      ok(await save.isDisabled(), "Save disabled before changes");
      await dialog.getByLabel("Min log level").fill("200");
      ok(await save.isEnabled(), "Save enabled after a change");
      await save.click();
      await visible(dialog.getByText("Must be between -100 and 100."));
      await dialog.getByLabel("Min log level").fill("4");
      await dialog.getByLabel("Max days retention").fill("9");
      await dialog.getByLabel("Enable IP logging").uncheck();
      await ctx.shot(page, "logs-settings");
      await save.click();
      await visible(page.getByText("Successfully saved logs settings."));
      await hidden(dialog);
      const settings = await ctx.api.expectOk("GET", "/api/settings", { token: await adminToken(ctx) });
      equal(JSON.stringify(settings.logs), JSON.stringify({ maxDays: 9, minLevel: 4, logIp: false }), "saved logs settings");
      // Cancel discards
      await page.getByRole("button", { name: "Logs settings" }).click();
      await visible(dialog.getByLabel("Max days retention"));
      equal(await dialog.getByLabel("Max days retention").inputValue(), "9", "reloaded value");
      await dialog.getByLabel("Max days retention").fill("1");
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await hidden(dialog);
      await ctx.api.expectOk("PATCH", "/api/settings", { token: await adminToken(ctx), body: { logs: { maxDays: 5, minLevel: 0, logIp: true } } });
    },
  },
  {
    name: "switch theme",
    async run(ctx) {
      const { page } = await ctx.newPage({ colorScheme: "dark" });
      await page.goto(ctx.url("/login"));
      equal(await page.evaluate(() => document.documentElement.dataset.theme), "dark", "system theme");
      await page.getByRole("button", { name: "Switch to light theme" }).click();
      equal(await page.evaluate(() => document.documentElement.dataset.theme), "light", "toggled theme");
      await page.reload();
      await visible(page.getByRole("button", { name: "Switch to dark theme" }));
      equal(await page.evaluate(() => document.documentElement.dataset.theme), "light", "remembered theme");
      const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      await page.getByRole("button", { name: "Switch to dark theme" }).click();
      const bg2 = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      ok(bg !== bg2, "the page colours change");
    },
  },
  {
    name: "record verification page",
    async run(ctx) {
      await enableSmtp(ctx);
      await ctx.api.expectOk("POST", "/api/collections/users/records", { body: { email: "user@example.com", password: "user-pass-123", passwordConfirm: "user-pass-123" } });
      await ctx.api.expectOk("POST", "/api/collections/users/request-verification", { body: { email: "user@example.com" } });
      const token = tokenFromMail(await ctx.smtp.waitForMail("user@example.com"), "confirm-verification");
      const { page } = await ctx.newPage();
      await page.goto(ctx.url(`/auth/confirm-verification/${token}`));
      await visible(page.getByText("Your email address is verified."));
      await ctx.shot(page, "record-verified");
      const auth = await ctx.api.expectOk("POST", "/api/collections/users/auth-with-password", { body: { identity: "user@example.com", password: "user-pass-123" } });
      equal(auth.record.verified, true, "verified flag");
      await page.goto(ctx.url(`/users/confirm-verification/not.a.token`));
      await visible(page.getByText("This verification link is invalid or has expired."));
    },
  },
  {
    name: "record password reset page",
    async run(ctx) {
      await ctx.api.expectOk("POST", "/api/collections/users/request-password-reset", { body: { email: "user@example.com" } });
      const token = tokenFromMail(await ctx.smtp.waitForMail("user@example.com"), "confirm-password-reset");
      const { page } = await ctx.newPage();
      await page.goto(ctx.url(`/auth/confirm-password-reset/${token}`));
      await visible(page.getByRole("heading", { name: "Reset password" }));
      await page.getByLabel("New password", { exact: true }).fill("user-pass-456");
      await page.getByLabel("New password confirm").fill("user-pass-456");
      await page.getByRole("button", { name: "Set new password" }).click();
      await visible(page.getByText("Your password was changed."));
      await ctx.api.expectOk("POST", "/api/collections/users/auth-with-password", { body: { identity: "user@example.com", password: "user-pass-456" } });
    },
  },
  {
    name: "record email change page",
    async run(ctx) {
      const auth = await ctx.api.expectOk("POST", "/api/collections/users/auth-with-password", { body: { identity: "user@example.com", password: "user-pass-456" } });
      await ctx.api.expectOk("POST", "/api/collections/users/request-email-change", { token: auth.token, body: { newEmail: "user2@example.com" } });
      const token = tokenFromMail(await ctx.smtp.waitForMail("user2@example.com"), "confirm-email-change");
      const { page } = await ctx.newPage();
      await page.goto(ctx.url(`/auth/confirm-email-change/${token}`));
      await visible(page.getByText("user2@example.com"));
      await ctx.shot(page, "record-email-change");
      await page.getByLabel("Password").fill("user-pass-456");
      await page.getByRole("button", { name: "Confirm new email" }).click();
      await visible(page.getByText("Your email address was changed."));
      await ctx.api.expectOk("POST", "/api/collections/users/auth-with-password", { body: { identity: "user2@example.com", password: "user-pass-456" } });
    },
  },
  {
    name: "public pages and not-found",
    async run(ctx) {
      const { page } = await ctx.newPage();
      await page.goto(ctx.url("/auth/oauth2-redirect-success"));
      await visible(page.getByText("Signed in with the provider."));
      await page.goto(ctx.url("/auth/oauth2-redirect-failure"));
      await visible(page.getByText("Signing in with the provider failed."));
      await page.goto(ctx.url("/no/such/page"));
      await visible(page.getByRole("heading", { name: "Page not found" }));
      equal(await page.getByRole("navigation", { name: "Main" }).count(), 0, "sidebar on the not-found page");
      await ctx.shot(page, "not-found");
    },
  },
  ...collectionsJourneys,
  ...syncJourneys,
  ...backupsJourneys,
  ...settingsJourneys,
  ...recordsJourneys,
  ...beyondJourneys,
  ...factorsJourneys,
  ...transferJourneys,
  ...uploadsJourneys,
  ...paletteJourneys,
  ...reviewJourneys,
  ...pocketbaseDashboardJourneys,
  {
    name: "accessibility (axe) in both themes",
    onlyOn: "cairn",
    async run(ctx) {
      const problems = [];
      for (const theme of ["light", "dark"]) {
        const { page } = await ctx.newPage({ theme });
        const check = async (label) => {
          await page.waitForTimeout(250);
          for (const v of await seriousViolations(page)) problems.push(`[${theme}] ${label}: ${v}`);
          await ctx.shot(page, `a11y-${label}-${theme}`);
        };
        await page.goto(ctx.url("/login"));
        await visible(page.getByRole("heading", { name: "Admin sign in" }));
        await page.getByRole("button", { name: "Login" }).click();
        await check("login");
        await page.goto(ctx.url("/request-password-reset"));
        await visible(page.getByRole("heading", { name: "Forgotten admin password" }));
        await check("request-reset");
        await page.goto(ctx.url("/confirm-password-reset/x.y.z"));
        await visible(page.getByRole("heading", { name: "Reset admin password" }));
        await check("confirm-reset");
        await page.goto(ctx.url("/auth/confirm-verification/x.y.z"));
        await visible(page.getByText("This verification link is invalid or has expired."));
        await check("record-verification");
        await page.goto(ctx.url("/auth/confirm-password-reset/x.y.z"));
        await visible(page.getByRole("heading", { name: "Reset password" }));
        await check("record-reset");
        await page.goto(ctx.url("/auth/confirm-email-change/x.y.z"));
        await visible(page.getByRole("heading", { name: "Confirm email change" }));
        await check("record-email-change");
        await page.goto(ctx.url("/auth/oauth2-redirect-success"));
        await visible(page.getByText("Signed in with the provider."));
        await check("oauth2-success");
        await page.goto(ctx.url("/nowhere"));
        await visible(page.getByRole("heading", { name: "Page not found" }));
        await check("not-found");
        await signIn(ctx, page);
        await check("collections");
        await page.goto(ctx.url("/logs"));
        await logsShowing(ctx, page, "/api/");
        await page.getByRole("button", { name: "Admin menu" }).click();
        await check("logs-with-menu");
        await page.keyboard.press("Escape");
        await page.locator(".logs-row").first().click();
        await visible(page.getByRole("dialog", { name: "Request log" }));
        await check("log-detail");
        await page.keyboard.press("Escape");
        await hidden(page.getByRole("dialog", { name: "Request log" }));
        await page.getByRole("button", { name: "Logs settings" }).click();
        await visible(page.getByRole("dialog", { name: "Logs settings" }).getByLabel("Max days retention"));
        await check("logs-settings");
      }
      // The installer only shows while no admin exists (once one does, the server sends `?installer`
      // on to `?`, as PocketBase's): a fresh server of the same kind, with its own empty data dir.
      const fresh = await startTarget(ctx.target);
      try {
        for (const theme of ["light", "dark"]) {
          const installer = await ctx.newPage({ theme });
          await installer.page.goto(fresh.dashboardUrl + "?installer#");
          await visible(installer.page.getByRole("heading", { name: "Create your first admin account" }));
          await installer.page.getByRole("button", { name: "Create and sign in" }).click();
          await visible(installer.page.getByText("Cannot be blank.").first());
          for (const v of await seriousViolations(installer.page)) problems.push(`[${theme}] installer: ${v}`);
          await ctx.shot(installer.page, `a11y-installer-${theme}`);
        }
      } finally {
        await fresh.stop();
      }
      if (problems.length) throw new Error(`axe found critical/serious violations:\n  ${problems.join("\n  ")}`);
    },
  },
];
