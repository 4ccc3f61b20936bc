// Journeys of the settings pages (application, mail, storage, auth providers, tokens) and the
// admins page, against both servers. Mail goes to the local SMTP sink, S3 to a local s3rver.
import { generateKeyPairSync } from "node:crypto";
import { seriousViolations } from "./a11y.mjs";
import { adminToken, signIn } from "./adminSession.mjs";
import { equal, eventually, hidden, ok, visible } from "./expect.mjs";
import { startS3, S3_ACCESS_KEY, S3_BUCKET, S3_SECRET } from "./s3.mjs";

async function settings(ctx) {
  return ctx.api.expectOk("GET", "/api/settings", { token: await adminToken(ctx) });
}

async function patchSettings(ctx, body) {
  return ctx.api.expectOk("PATCH", "/api/settings", { token: await adminToken(ctx), body });
}

function settingsNav(page) {
  return page.getByRole("navigation", { name: "Settings sections" });
}

/** Opens a settings page from the settings sidebar and waits for its form. */
async function openSettings(page, link, heading = link) {
  await settingsNav(page).getByRole("link", { name: link, exact: true }).click();
  await visible(page.getByRole("heading", { level: 1, name: heading }));
}

async function signedInAt(ctx, path, opts) {
  const { page, context } = await ctx.newPage(opts);
  await signIn(ctx, page);
  await page.goto(ctx.url(path));
  return { page, context };
}

/** Clicks an avatar choice (its radio input is visually hidden inside the label). */
async function pickAvatar(panel, name) {
  await panel.locator(`label.avatar-choice:has(input[aria-label="${name}"])`).click();
  ok(await panel.getByRole("radio", { name, exact: true }).isChecked(), `${name} chosen`);
}

const SYSTEM_LINKS = ["Application", "Mail settings", "Files storage", "Backups", "Auth providers", "Token options", "Admins"];
const SYNC_LINKS = ["Export collections", "Import collections"];

export const settingsJourneys = [
  {
    name: "settings: change the application name",
    async run(ctx) {
      const { page } = await ctx.newPage();
      await signIn(ctx, page);
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click();
      await page.waitForURL(/#\/settings$/);
      await visible(page.getByRole("heading", { level: 1, name: "Application" }));
      const links = await settingsNav(page).getByRole("link").allTextContents();
      equal(JSON.stringify(links.map((t) => t.trim())), JSON.stringify([...SYSTEM_LINKS, ...SYNC_LINKS]), "settings sidebar entries");
      equal(await settingsNav(page).getByRole("link", { name: "Application" }).getAttribute("aria-current"), "page", "active entry");
      const form = page.getByRole("form", { name: "Application settings" });
      const save = form.getByRole("button", { name: "Save changes" });
      const name = form.getByLabel("Application name");
      ok(await save.isDisabled(), "Save disabled before changes");
      const original = await name.inputValue();
      await name.fill("Renamed");
      ok(await save.isEnabled(), "Save enabled after a change");
      await form.getByRole("button", { name: "Cancel" }).click();
      equal(await name.inputValue(), original, "Cancel restores the loaded copy");
      ok(await save.isDisabled(), "Save disabled after Cancel");
      await name.fill("");
      await save.click();
      await visible(form.getByText("Cannot be blank."));
      await name.fill("Cairn E2E");
      await ctx.shot(page, "settings-application");
      await save.click();
      await visible(page.getByText("Successfully saved application settings."));
      ok(await save.isDisabled(), "Save disabled after saving (the saved values are the loaded copy)");
      equal((await settings(ctx)).meta.appName, "Cairn E2E", "saved app name");
      await eventually(async () => (await page.title()) === "Application - Cairn E2E - Cairn", { message: "the title with the new app name" });
      // the restricted-app flag hides the Sync links
      await form.getByRole("switch", { name: "Hide collection create and edit controls" }).check();
      await save.click();
      await visible(page.getByText("Successfully saved application settings."));
      await hidden(settingsNav(page).getByRole("link", { name: "Export collections" }));
      equal(await settingsNav(page).getByRole("link", { name: "Import collections" }).count(), 0, "Sync links hidden");
      await form.getByRole("switch", { name: "Hide collection create and edit controls" }).uncheck();
      await name.fill("Acme");
      await save.click();
      await visible(settingsNav(page).getByRole("link", { name: "Export collections" }));
      equal((await settings(ctx)).meta.hideControls, false, "flag off again");
    },
  },
  {
    name: "settings: mail settings and a test email",
    async run(ctx) {
      const { page, context } = await signedInAt(ctx, "/settings/mail");
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      const form = page.getByRole("form", { name: "Mail settings" });
      await visible(form.getByLabel("Sender name"));
      await visible(form.getByRole("button", { name: "Send test email" }));
      equal(await form.getByRole("button", { name: "Save changes" }).count(), 0, "no Save while unchanged");
      // a template: placeholders copy, validation marks the section
      const section = form.getByRole("button", { name: "Default Password reset email template" });
      await section.click();
      await form.getByRole("button", { name: "Copy {ACTION_URL}" }).click();
      await visible(page.getByText("Copied {ACTION_URL} to clipboard"));
      const actionUrl = form.getByLabel("Action URL");
      const originalUrl = await actionUrl.inputValue();
      await actionUrl.fill("https://example.com/reset");
      await form.getByLabel("Subject").fill("");
      await form.getByRole("button", { name: "Save changes" }).click();
      await visible(form.getByText('Missing required parameter "{TOKEN}".'));
      await visible(form.getByText("Cannot be blank."));
      await visible(form.getByRole("img", { name: "Has errors" }));
      await ctx.shot(page, "settings-mail-errors");
      await form.getByRole("button", { name: "Cancel" }).click();
      equal(await actionUrl.inputValue(), originalUrl, "Cancel restores the template");
      await section.click();
      // SMTP with more options
      await form.getByLabel("Sender name").fill("Cairn robot");
      await form.getByLabel("Sender address").fill("robot@example.com");
      await form.getByRole("switch", { name: "Use SMTP mail server (recommended)" }).check();
      await form.getByLabel("SMTP server host").fill("127.0.0.1");
      await form.getByLabel("Port").fill(String(ctx.smtp.port));
      await form.getByRole("button", { name: "Show more options" }).click();
      await form.getByLabel("TLS encryption").selectOption({ label: "Auto (StartTLS)" });
      equal(await form.getByLabel("AUTH method").inputValue(), "PLAIN", "default auth method");
      equal(await form.getByLabel("EHLO/HELO domain").getAttribute("placeholder"), "Default to localhost", "EHLO placeholder");
      await form.getByLabel("AUTH method").selectOption("LOGIN");
      await ctx.shot(page, "settings-mail");
      await form.getByRole("button", { name: "Save changes" }).click();
      await visible(page.getByText("Successfully saved mail settings."));
      const s = await settings(ctx);
      equal(s.meta.senderName, "Cairn robot", "sender name");
      equal(s.smtp.enabled && s.smtp.host === "127.0.0.1" && s.smtp.port === ctx.smtp.port, true, "smtp saved");
      equal(s.smtp.authMethod, "LOGIN", "auth method");
      await patchSettings(ctx, { smtp: { authMethod: "PLAIN" } });
      // the test email popup
      await form.getByRole("button", { name: "Send test email" }).click();
      const dialog = page.getByRole("dialog", { name: "Send test email" });
      const send = dialog.getByRole("button", { name: "Send" });
      ok(await send.isDisabled(), "Send disabled without a recipient");
      await dialog.getByRole("radio", { name: '"Password reset" template' }).check();
      await dialog.getByLabel("To email address").fill("mail-test@example.com");
      await ctx.shot(page, "settings-test-email");
      await send.click();
      await visible(page.getByText("Successfully sent test email."));
      await hidden(dialog);
      const mail = await ctx.smtp.waitForMail("mail-test@example.com");
      ok(/reset/i.test(mail.text), "the password reset template was sent");
      await form.getByRole("button", { name: "Send test email" }).click();
      equal(await dialog.getByLabel("To email address").inputValue(), "mail-test@example.com", "remembered recipient");
      await dialog.locator("footer").getByRole("button", { name: "Close" }).click();
      await hidden(dialog);
    },
  },
  {
    name: "settings: S3 files storage",
    async run(ctx) {
      const s3 = await startS3();
      try {
        const { page } = await signedInAt(ctx, "/settings/storage");
        const form = page.getByRole("form", { name: "Files storage settings" });
        await visible(form.getByText("stored in the local file system"));
        await form.getByRole("switch", { name: "Use S3 storage" }).check();
        await visible(form.getByText("migrate them manually"));
        await form.getByRole("button", { name: "Save changes" }).click();
        equal(await form.getByText("Cannot be blank.").count(), 5, "required S3 fields");
        await form.getByLabel("Endpoint").fill(s3.endpoint);
        await form.getByLabel("Bucket").fill(S3_BUCKET);
        await form.getByLabel("Region").fill("us-east-1");
        await form.getByLabel("Access key").fill(S3_ACCESS_KEY);
        await form.getByLabel("Secret").fill(S3_SECRET);
        await form.getByLabel("Force path-style addressing").check();
        await form.getByRole("button", { name: "Save changes" }).click();
        await visible(form.getByText("S3 connected successfully"), 20000);
        await visible(page.getByText("Successfully saved files storage settings."));
        await ctx.shot(page, "settings-storage");
        const saved = await settings(ctx);
        equal(saved.s3.enabled && saved.s3.bucket === S3_BUCKET, true, "s3 saved");
        equal(saved.s3.secret, "******", "the secret comes back redacted");
        // a wrong key: saved, but the connection fails
        await form.getByLabel("Access key").fill("WRONG");
        await form.getByRole("button", { name: "Save changes" }).click();
        await visible(page.getByText("Successfully saved but failed to establish S3 connection."), 20000);
        await visible(form.getByText("Failed to establish S3 connection"));
        equal((await settings(ctx)).s3.secret, "******", "the redacted secret was not overwritten");
        await ctx.shot(page, "settings-storage-failed");
        // reload: the status runs shortly after load
        await page.reload();
        await visible(form.getByText("Failed to establish S3 connection"), 20000);
        await form.getByRole("switch", { name: "Use S3 storage" }).uncheck();
        await form.getByRole("button", { name: "Save changes" }).click();
        await visible(page.getByText("Successfully saved files storage settings."));
        equal((await settings(ctx)).s3.enabled, false, "s3 off again");
      } finally {
        await s3.close();
      }
    },
  },
  {
    name: "settings: configure an OIDC provider",
    async run(ctx) {
      const { page } = await signedInAt(ctx, "/settings/auth-providers");
      await visible(page.getByText("Manage the allowed users OAuth2 sign-in/sign-up methods."));
      // the providers' logos (simple-icons), a letter tile where the set has none
      const logo = (key) => page.getByTestId(`provider-${key}`).locator(".provider-logo");
      await visible(logo("githubAuth").locator("svg path"));
      equal(await logo("githubAuth").innerText(), "", "GitHub shows its logo, not letters");
      equal(await logo("microsoftAuth").innerText(), "M", "Microsoft keeps its tile");
      const box = await logo("googleAuth").locator("svg").boundingBox();
      ok(box && box.width > 15 && box.width < 25, `the logo fills its tile (${box?.width} px)`);
      await page.getByRole("button", { name: "OpenID Connect settings", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "OpenID Connect provider" });
      await visible(dialog.getByLabel("Client ID"));
      ok(await dialog.getByRole("switch", { name: "Enable" }).isChecked(), "a never-configured provider opens enabled");
      equal(await dialog.getByLabel("Display name").inputValue(), "OIDC", "default display name");
      ok(await dialog.getByLabel("Support PKCE").isChecked(), "pkce on by default");
      await dialog.getByRole("button", { name: "Save changes" }).click();
      equal(await dialog.getByText("Cannot be blank.").count(), 5, "client id, secret and endpoints required");
      await dialog.getByLabel("Client ID").fill("e2e-client");
      await dialog.getByLabel("Client secret").fill("e2e-secret");
      await dialog.getByLabel("Display name").fill("Acme SSO");
      await dialog.getByLabel("Auth URL").fill("not a url");
      await dialog.getByLabel("Token URL").fill("http://127.0.0.1:9/token");
      await dialog.getByLabel("User API URL").fill("http://127.0.0.1:9/userinfo");
      await dialog.getByRole("button", { name: "Save changes" }).click();
      await visible(dialog.getByText("Must be a valid URL."));
      await dialog.getByLabel("Auth URL").fill("http://127.0.0.1:9/auth");
      await ctx.shot(page, "settings-provider-oidc");
      await dialog.getByRole("button", { name: "Save changes" }).click();
      await visible(page.getByText("Successfully updated provider settings."));
      await hidden(dialog);
      const card = page.getByTestId("provider-oidcAuth");
      await visible(card.getByText("Enabled"));
      await visible(card.getByText("(oidc)"));
      const first = await page.locator(".provider-card").first().getAttribute("data-testid");
      equal(first, "provider-oidcAuth", "enabled providers first");
      const s = (await settings(ctx)).oidcAuth;
      equal(JSON.stringify([s.enabled, s.clientId, s.displayName, s.authUrl, s.pkce, s.clientSecret]), JSON.stringify([true, "e2e-client", "Acme SSO", "http://127.0.0.1:9/auth", true, "******"]), "saved provider");
      await ctx.shot(page, "settings-auth-providers");
      // Clear all fields empties the form and turns pkce off for OIDC
      await page.getByRole("button", { name: "OpenID Connect settings", exact: true }).click();
      await visible(dialog.getByLabel("Client ID"));
      equal(await dialog.getByLabel("Client ID").inputValue(), "e2e-client", "stored client id");
      await dialog.getByRole("button", { name: "Clear all fields" }).click();
      equal(await dialog.getByLabel("Client ID").inputValue(), "", "cleared client id");
      ok(!(await dialog.getByRole("switch", { name: "Enable" }).isChecked()), "cleared enable");
      ok(!(await dialog.getByLabel("Support PKCE").isChecked()), "cleared pkce");
      await dialog.locator("footer").getByRole("button", { name: "Close" }).click();
      await hidden(dialog);
      // Apple: Generate secret
      await page.getByRole("button", { name: "Apple settings", exact: true }).click();
      const apple = page.getByRole("dialog", { name: "Apple provider" });
      await apple.getByRole("button", { name: "Generate secret" }).click();
      const gen = page.getByRole("dialog", { name: "Generate Apple client secret" });
      await gen.getByLabel("Duration (in seconds)").fill("15777001");
      await gen.getByRole("button", { name: "Generate and set secret" }).click();
      equal(await gen.getByText("Cannot be blank.").count(), 4, "client id, team id, key id and private key required");
      await visible(gen.getByText("Must be no greater than 15777000."));
      const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
      await gen.getByLabel("Client ID").fill("com.example.app");
      await gen.getByLabel("Team ID").fill("TEAM123456");
      await gen.getByLabel("Key ID").fill("KEY1234567");
      await gen.getByLabel("Duration (in seconds)").fill("3600");
      await gen.getByLabel("Private key").fill(`\n${privateKey.export({ type: "pkcs8", format: "pem" })}\n`);
      await ctx.shot(page, "settings-apple-secret");
      await gen.getByRole("button", { name: "Generate and set secret" }).click();
      await visible(page.getByText("Successfully generated client secret."));
      await hidden(gen);
      const secret = await apple.getByLabel("Client secret").inputValue();
      equal(secret.split(".").length, 3, "a signed JWT as the client secret");
      await apple.locator("footer").getByRole("button", { name: "Close" }).click();
      await hidden(apple);
    },
  },
  {
    name: "settings: invalidate issued tokens",
    async run(ctx) {
      const email = `tokens-${ctx.target}@example.com`;
      await ctx.api.call("POST", "/api/collections/users/records", { body: { email, password: "user-pass-123", passwordConfirm: "user-pass-123" } });
      const auth = await ctx.api.expectOk("POST", "/api/collections/users/auth-with-password", { body: { identity: email, password: "user-pass-123" } });
      const refresh = () => ctx.api.call("POST", "/api/collections/users/auth-refresh", { token: auth.token });
      equal((await refresh()).status, 200, "the session works before");
      const { page } = await signedInAt(ctx, "/settings/tokens");
      const form = page.getByRole("form", { name: "Token options" });
      await visible(form.getByText("Adjust common token options."));
      // server field errors land on their fields
      const adminAuth = form.getByLabel("Admins auth token duration (in seconds)");
      await adminAuth.fill("1");
      await form.getByRole("button", { name: "Save changes" }).click();
      await visible(form.getByText("Must be no less than 5."));
      await form.getByRole("button", { name: "Cancel" }).click();
      const link = form.getByRole("button", { name: "Invalidate all previously issued tokens (Auth record authentication token)" });
      await link.click();
      equal(await link.getAttribute("aria-pressed"), "true", "highlighted while a secret is set");
      await link.click();
      equal(await link.getAttribute("aria-pressed"), "false", "toggled off");
      ok(await form.getByRole("button", { name: "Save changes" }).isDisabled(), "unchanged after toggling twice");
      await link.click();
      await ctx.shot(page, "settings-tokens");
      await form.getByRole("button", { name: "Save changes" }).click();
      await visible(page.getByText("Successfully saved tokens options."));
      equal(await link.getAttribute("aria-pressed"), "false", "not highlighted after saving");
      equal((await refresh()).status, 401, "the earlier session ended");
    },
  },
  {
    name: "admins: create, edit and delete an admin",
    async run(ctx) {
      const { page } = await signedInAt(ctx, "/settings/admins");
      const table = page.locator(".admins-table");
      const meRow = table.getByRole("row", { name: `Edit admin ${ctx.admin.email}` });
      await visible(meRow.getByText("You"));
      await page.getByRole("button", { name: "New admin" }).click();
      const panel = page.getByRole("dialog", { name: "New admin" });
      const create = panel.getByRole("button", { name: "Create", exact: true });
      ok(await create.isDisabled(), "Create disabled without an email");
      await panel.getByLabel("Email").fill("second-admin@example.com");
      await panel.getByLabel("Password", { exact: true }).fill("short");
      await panel.getByLabel("Password confirm").fill("other");
      await create.click();
      equal(await panel.getByText("Must be at least 10 characters.").count(), 2, "password length");
      await panel.getByLabel("Password", { exact: true }).fill("second-pass-123");
      await panel.getByLabel("Password confirm").fill("second-pass-124");
      await create.click();
      await visible(panel.getByText("Values don't match."));
      await panel.getByLabel("Password confirm").fill("second-pass-123");
      await pickAvatar(panel, "Avatar 4");
      await ctx.shot(page, "admins-new");
      await create.click();
      await visible(page.getByText("Successfully created admin."));
      await hidden(panel);
      const row = table.getByRole("row", { name: "Edit admin second-admin@example.com" });
      await visible(row);
      // search and sort live in the address
      await page.getByLabel("Search admins").fill("second");
      await page.getByLabel("Search admins").press("Enter");
      await page.waitForURL(/filter=second/);
      await eventually(async () => (await table.locator("tbody tr").count()) === 1, { message: "one matching admin" });
      await page.getByRole("button", { name: "email", exact: true }).click();
      await page.waitForURL(/sort=email/);
      await page.getByLabel("Search admins").fill("nobody-matches");
      await page.getByLabel("Search admins").press("Enter");
      await visible(page.getByText("No admins found."));
      await ctx.shot(page, "admins-empty");
      await page.getByRole("button", { name: "Clear filters" }).click();
      await visible(meRow);
      ok(!page.url().includes("filter="), "filter removed from the address");
      // edit: avatar, then the password
      await row.focus();
      await page.keyboard.press("Enter");
      const edit = page.getByRole("dialog", { name: "Edit admin" });
      const saveBtn = edit.getByRole("button", { name: "Save changes" });
      ok(await saveBtn.isDisabled(), "Save disabled before changes");
      await pickAvatar(edit, "Avatar 7");
      await edit.getByRole("switch", { name: "Change password" }).check();
      await edit.getByLabel("Password", { exact: true }).fill("second-pass-456");
      await edit.getByLabel("Password confirm").fill("second-pass-456");
      await ctx.shot(page, "admins-edit");
      await saveBtn.click();
      await visible(page.getByText("Successfully updated admin."));
      await hidden(edit);
      const second = await ctx.api.expectOk("POST", "/api/admins/auth-with-password", { body: { identity: "second-admin@example.com", password: "second-pass-456" } });
      equal(second.admin.avatar, 6, "saved avatar");
      // editing oneself updates the stored auth
      await meRow.click();
      await pickAvatar(edit, "Avatar 3");
      await saveBtn.click();
      await hidden(edit);
      await eventually(async () => (await page.evaluate(() => JSON.parse(localStorage.getItem("cairn_admin") || "{}").model?.avatar)) === 2, { message: "the stored auth model updated" });
      // unsaved changes ask before closing
      await row.click();
      await edit.getByLabel("Email").fill("changed@example.com");
      await edit.locator("header").getByRole("button", { name: "Close" }).click();
      await visible(page.getByText("You have unsaved changes. Do you really want to close the panel?"));
      await page.getByRole("button", { name: "No", exact: true }).click();
      await edit.getByLabel("Email").fill("second-admin@example.com");
      // delete
      await edit.getByRole("button", { name: "Delete" }).click();
      await visible(page.getByText("Do you really want to delete the selected admin?"));
      await page.getByRole("button", { name: "Yes", exact: true }).click();
      await visible(page.getByText("Successfully deleted admin."));
      await hidden(row);
      equal((await ctx.api.call("POST", "/api/admins/auth-with-password", { body: { identity: "second-admin@example.com", password: "second-pass-456" } })).status, 400, "deleted admin cannot sign in");
    },
  },
  {
    name: "settings: accessibility (axe) in both themes",
    onlyOn: "cairn",
    async run(ctx) {
      const problems = [];
      for (const theme of ["light", "dark"]) {
        // known starting state: S3 off and empty (its Save then shows the required errors), SMTP off
        await patchSettings(ctx, { s3: { enabled: false, endpoint: "", bucket: "", region: "", accessKey: "", secret: "" }, smtp: { enabled: false } });
        const { page } = await ctx.newPage({ theme });
        await signIn(ctx, page);
        const check = async (label) => {
          await page.waitForTimeout(250);
          for (const v of await seriousViolations(page)) problems.push(`[${theme}] ${label}: ${v}`);
          await ctx.shot(page, `a11y-${label}-${theme}`);
        };
        const pages = [
          ["/settings", "Application"],
          ["/settings/mail", "Mail settings"],
          ["/settings/storage", "Files storage"],
          ["/settings/auth-providers", "Auth providers"],
          ["/settings/tokens", "Token options"],
          ["/settings/admins", "Admins"],
        ];
        for (const [path, title] of pages) {
          await page.goto(ctx.url(path));
          await visible(page.getByRole("heading", { level: 1, name: title }));
          await page.locator(".settings-loader").waitFor({ state: "detached" });
          await check(`settings${path.replace(/\//g, "-")}`);
        }
        await page.goto(ctx.url("/settings/mail"));
        await page.getByRole("button", { name: "Default Verification email template" }).click();
        await page.getByRole("switch", { name: "Use SMTP mail server (recommended)" }).check();
        await page.getByRole("button", { name: "Show more options" }).click();
        await page.getByLabel("SMTP server host").fill("");
        await page.getByRole("button", { name: "Save changes" }).click();
        await visible(page.getByText("Cannot be blank."));
        await check("settings-mail-expanded");
        await page.getByRole("button", { name: "Cancel" }).click();
        await page.getByRole("button", { name: "Send test email" }).click();
        await visible(page.getByRole("dialog", { name: "Send test email" }));
        await check("settings-test-email");
        await page.goto(ctx.url("/settings/storage"));
        await page.getByRole("switch", { name: "Use S3 storage" }).check();
        await page.getByRole("button", { name: "Save changes" }).click();
        await visible(page.getByText("Cannot be blank."));
        await check("settings-storage-s3");
        await page.goto(ctx.url("/settings/auth-providers"));
        await page.getByRole("button", { name: "Microsoft settings", exact: true }).click();
        await visible(page.getByRole("dialog", { name: "Microsoft provider" }));
        await check("settings-provider-popup");
        await page.getByRole("dialog", { name: "Microsoft provider" }).locator("footer").getByRole("button", { name: "Close" }).click();
        await hidden(page.getByRole("dialog", { name: "Microsoft provider" }));
        await page.getByRole("button", { name: "Apple settings", exact: true }).click();
        await page.getByRole("button", { name: "Generate secret" }).click();
        await visible(page.getByRole("dialog", { name: "Generate Apple client secret" }));
        await check("settings-apple-secret");
        await page.goto(ctx.url("/settings/admins"));
        await page.getByRole("button", { name: "New admin" }).click();
        await visible(page.getByRole("dialog", { name: "New admin" }));
        await check("admins-panel");
      }
      if (problems.length) throw new Error(`axe found critical/serious violations:\n  ${problems.join("\n  ")}`);
    },
  },
];
