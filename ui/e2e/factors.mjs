// Sign-in factors beyond PocketBase v0.22 (issue #35): an admin's authenticator app (set up on the
// account page, then asked after the password), an admin removing a record's app, and the OTP/MFA
// options of an auth collection. Cairn only: the reference has none of these endpoints.
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { axeChecker, failOnViolations } from "./a11y.mjs";
import { adminToken, signIn } from "./adminSession.mjs";
import { equal, ok, visible } from "./expect.mjs";

const SECOND_ADMIN = { email: "totp-admin@example.com", password: "totp-admin-pass-1" };
const USERS = "e2e_factor_users";

function base32Decode(text) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const ch of text.replace(/[\s=]/g, "").toUpperCase()) bits += alphabet.indexOf(ch).toString(2).padStart(5, "0");
  const bytes = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** RFC 6238 code (SHA-1, 6 digits, 30 s) for the step `offset` steps from now, computed here as an app would. */
export function totpNow(secret, offset = 0) {
  const counter = Math.floor(Date.now() / 30000) + offset;
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const h = createHmac("sha1", base32Decode(secret)).update(msg).digest();
  const o = h[h.length - 1] & 15;
  const n = ((h[o] & 0x7f) << 24) | (h[o + 1] << 16) | (h[o + 2] << 8) | h[o + 3];
  return String(n % 1_000_000).padStart(6, "0");
}

async function passwordStep(page, ctx, who) {
  await page.goto(ctx.url("/login"));
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Login" }).click();
  await visible(page.getByRole("heading", { name: "Two-step verification" }));
}

export const factorsJourneys = [
  {
    name: "factors: admin enables TOTP, then signs in with password + code",
    onlyOn: "cairn",
    async run(ctx) {
      const token = await adminToken(ctx);
      await ctx.api.expectOk("POST", "/api/admins", { token, body: { email: SECOND_ADMIN.email, password: SECOND_ADMIN.password, passwordConfirm: SECOND_ADMIN.password } });
      const problems = [];
      const { page } = await ctx.newPage({ acceptDownloads: true });
      await signIn({ ...ctx, admin: SECOND_ADMIN }, page);

      // the avatar menu leads to the account page, by keyboard
      await page.getByRole("button", { name: "Admin menu" }).focus();
      await page.keyboard.press("Enter");
      await page.getByRole("menuitem", { name: "Your account" }).focus();
      await page.keyboard.press("Enter");
      await page.waitForURL(/#\/settings\/account/);
      await visible(page.getByText("Off: signing in asks only for your password."));
      await page.getByRole("button", { name: "Set up authenticator app" }).click();
      await visible(page.getByRole("img", { name: /^QR code for / }));
      const src = await page.getByRole("img", { name: /^QR code for / }).getAttribute("src");
      ok(src.startsWith("data:image/svg+xml"), "the QR code is drawn in the browser");
      const secret = (await page.getByTestId("totp-secret").textContent()).replace(/\s+/g, "");
      const codes = await page.getByRole("list", { name: "Recovery codes" }).locator("li").allTextContents();
      ok(codes.length >= 8, `at least 8 recovery codes (${codes.length})`);
      // the .txt download holds every code
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download .txt" }).click()]);
      equal(download.suggestedFilename(), "cairn-recovery-codes.txt", "recovery codes file name");
      const text = readFileSync(await download.path(), "utf8");
      ok(codes.every((c) => text.includes(c)), "the file lists every recovery code");
      for (const theme of ["light", "dark"]) {
        await page.evaluate((t) => document.documentElement.setAttribute("data-theme", t), theme);
        await axeChecker(ctx, page, theme, problems)("account-totp-setup");
      }
      await page.evaluate(() => document.documentElement.setAttribute("data-theme", "light"));
      await page.getByLabel("Code from the app").fill(totpNow(secret));
      await page.getByRole("button", { name: "Turn on" }).click();
      await visible(page.getByText("On: signing in asks for a code from your authenticator app after the password."));

      // signed out: the password alone is not enough
      const second = await ctx.newPage();
      const p2 = second.page;
      await passwordStep(p2, ctx, SECOND_ADMIN);
      const field = p2.getByLabel("Authentication code");
      equal(await field.getAttribute("autocomplete"), "one-time-code", "one-time-code autocomplete");
      ok(await field.evaluate((el) => el === document.activeElement), "the code field has the focus");
      for (const theme of ["light", "dark"]) {
        await p2.evaluate((t) => document.documentElement.setAttribute("data-theme", t), theme);
        await axeChecker(ctx, p2, theme, problems)("sign-in-second-step");
      }
      // keyboard only: type into the focused field, Enter sends it
      await p2.keyboard.type("000000");
      await p2.keyboard.press("Enter");
      await visible(p2.getByRole("alert").filter({ hasText: "Invalid or expired code." }));
      ok(await field.evaluate((el) => el === document.activeElement), "the focus stays on the code field after a wrong code");
      // the next step's code: the one that confirmed the setup cannot be used again
      await p2.keyboard.type(totpNow(secret, 1));
      await p2.keyboard.press("Enter");
      await p2.waitForURL(/#\/collections/);
      await visible(p2.getByRole("navigation", { name: "Main" }));

      // a recovery code instead, once
      const third = await ctx.newPage();
      const p3 = third.page;
      await passwordStep(p3, ctx, SECOND_ADMIN);
      await p3.getByRole("button", { name: "Use a recovery code" }).click();
      ok(await p3.getByLabel("Recovery code").evaluate((el) => el === document.activeElement), "the recovery code field has the focus");
      await p3.keyboard.type(codes[0]);
      await p3.keyboard.press("Enter");
      await p3.waitForURL(/#\/collections/);
      // back link returns to the password step
      const fourth = await ctx.newPage();
      await passwordStep(fourth.page, ctx, SECOND_ADMIN);
      await fourth.page.getByRole("button", { name: "Back to sign in" }).click();
      await visible(fourth.page.getByRole("button", { name: "Login" }));
      equal(await fourth.page.getByLabel("Email").inputValue(), SECOND_ADMIN.email, "the email is kept");
      ok(await fourth.page.getByLabel("Password").evaluate((el) => el === document.activeElement), "back on the password step, the password field has the focus");
      failOnViolations(problems);
    },
  },
  {
    name: "factors: an admin removes a record's TOTP",
    onlyOn: "cairn",
    async run(ctx) {
      const token = await adminToken(ctx);
      let c = await ctx.api.call("GET", `/api/collections/${USERS}`, { token });
      if (c.status === 404) c = { json: await ctx.api.expectOk("POST", "/api/collections", { token, body: { name: USERS, type: "auth", schema: [], options: { allowEmailAuth: true, minPasswordLength: 8 } } }) };
      const email = `totp-${Date.now()}@example.com`;
      const rec = await ctx.api.expectOk("POST", `/api/collections/${USERS}/records`, { token, body: { email, password: "user-pass-123", passwordConfirm: "user-pass-123" } });
      const auth = await ctx.api.expectOk("POST", `/api/collections/${USERS}/auth-with-password`, { body: { identity: email, password: "user-pass-123" } });
      const setup = await ctx.api.expectOk("POST", `/api/collections/${USERS}/records/${rec.id}/totp`, { token: auth.token });
      await ctx.api.expectOk("POST", `/api/collections/${USERS}/records/${rec.id}/totp/confirm`, { token: auth.token, body: { code: totpNow(setup.secret) } });

      const { page } = await ctx.newPage();
      await signIn(ctx, page);
      await page.goto(ctx.url(`/collections?collectionId=${c.json.id}&recordId=${rec.id}`));
      const status = page.getByTestId("record-totp");
      await visible(status);
      // the server's totp flag on the record, as the admin sees it
      await visible(status.getByText("Enabled"));
      await status.getByRole("button", { name: "Remove the authenticator app" }).click();
      const confirm = page.getByRole("alertdialog");
      await visible(confirm.getByText(/remove this record's authenticator app/));
      await confirm.getByRole("button", { name: "Yes" }).click();
      await visible(page.getByText("Successfully removed the authenticator app."));
      // the panel reloads the record: no flag now, and nothing left to remove
      await visible(status.getByText("Not set up"));
      equal(await status.getByRole("button", { name: "Remove the authenticator app" }).count(), 0, "no Remove once it is gone");
      // gone on the server: a second removal finds none
      const again = await ctx.api.call("DELETE", `/api/collections/${USERS}/records/${rec.id}/totp`, { token });
      equal(again.status, 404, "no authenticator app left");
    },
  },
  {
    name: "factors: OTP and MFA options and the OTP template persist",
    onlyOn: "cairn",
    async run(ctx) {
      const token = await adminToken(ctx);
      let c = await ctx.api.call("GET", `/api/collections/${USERS}`, { token });
      if (c.status === 404) c = { json: await ctx.api.expectOk("POST", "/api/collections", { token, body: { name: USERS, type: "auth", schema: [], options: { allowEmailAuth: true, minPasswordLength: 8 } } }) };
      const { page } = await ctx.newPage();
      await signIn(ctx, page);
      await page.goto(ctx.url(`/collections?collectionId=${c.json.id}`));
      await page.getByRole("button", { name: "Edit collection" }).click();
      let dialog = page.getByRole("dialog", { name: "Edit collection" });
      await dialog.getByRole("tab", { name: /Options/ }).click();
      await dialog.getByLabel("Enable one-time password sign-in").check();
      await dialog.getByLabel("Duration (in seconds)").first().fill("300");
      await dialog.getByLabel("Code length").fill("6");
      await dialog.getByLabel("Require a second sign-in method").check();
      await dialog.getByLabel("Duration (in seconds)").nth(1).fill("900");
      const rule = dialog.getByRole("textbox", { name: "MFA rule" });
      await rule.click();
      await page.keyboard.type("verified = true");
      await page.keyboard.press("Escape"); // closes the autocomplete list, not the panel
      const problems = [];
      await axeChecker(ctx, page, "light", problems)("collection-otp-mfa-options");
      await dialog.getByRole("button", { name: "Save changes" }).click();
      await page.getByRole("dialog", { name: "Edit collection" }).waitFor({ state: "hidden" });
      const saved = await ctx.api.expectOk("GET", `/api/collections/${USERS}`, { token });
      equal(JSON.stringify(saved.options.otp), JSON.stringify({ enabled: true, duration: 300, length: 6 }), "otp options saved");
      equal(JSON.stringify(saved.options.mfa), JSON.stringify({ enabled: true, duration: 900, rule: "verified = true" }), "mfa options saved");
      // shown again after a reload
      await page.reload();
      await page.getByRole("button", { name: "Edit collection" }).click();
      dialog = page.getByRole("dialog", { name: "Edit collection" });
      await dialog.getByRole("tab", { name: /Options/ }).click();
      equal(await dialog.getByLabel("Code length").inputValue(), "6", "code length shown");
      ok(await dialog.getByLabel("Require a second sign-in method").isChecked(), "MFA shown on");
      await page.keyboard.press("Escape");

      // the OTP mail template, with the other defaults in Mail settings
      await page.goto(ctx.url("/settings/mail"));
      await page.getByRole("button", { name: "Default OTP email template" }).click();
      await page.getByLabel("Subject").fill("Your {APP_NAME} code");
      await page.getByRole("button", { name: "Save changes" }).click();
      await visible(page.getByText("Successfully saved mail settings."));
      const settings = await ctx.api.expectOk("GET", "/api/settings", { token });
      equal(settings.meta.otpTemplate.subject, "Your {APP_NAME} code", "otp template subject saved");
      // MFA off again: later journeys sign this collection's users in with a password alone
      await ctx.api.expectOk("PATCH", `/api/collections/${USERS}`, { token, body: { options: { ...saved.options, mfa: { enabled: false, duration: 900, rule: "" } } } });
      failOnViolations(problems);
    },
  },
];
