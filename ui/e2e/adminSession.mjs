// Sign-in helpers shared by every journey file.
export async function signIn(ctx, page) {
  await page.goto(ctx.url("/login"));
  await page.getByLabel("Email").fill(ctx.admin.email);
  await page.getByLabel("Password").fill(ctx.admin.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL(/#\/collections/);
}

export async function adminToken(ctx) {
  return ctx.api.adminToken(ctx.admin.email, ctx.admin.password);
}
