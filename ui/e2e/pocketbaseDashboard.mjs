// PocketBase's own dashboard (served by the reference binary) in front of Cairn's API: its
// `/_/` assets come from the reference, every other path goes to Cairn. It calls the API on its
// own origin, so through this proxy it signs in, lists and creates records on Cairn — on SQLite
// and on PostgreSQL (target cairn-postgres).
import { execFileSync, spawn } from "node:child_process";
import http from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { adminToken } from "./adminSession.mjs";
import { eventually, visible } from "./expect.mjs";
import { freePort, PB_BIN } from "./servers.mjs";

const PB_FLAGS = ["--dev=false", "--automigrate=false"];

/** The reference binary on a throwaway data dir, only to serve its dashboard's files. */
async function startDashboardSource() {
  const dir = mkdtempSync(path.join(tmpdir(), "cairn-e2e-pbui-"));
  execFileSync(PB_BIN, ["migrate", "up", "--dir", dir, ...PB_FLAGS], { stdio: "ignore" });
  // With no admin of its own, the reference would send `/_/` on to its installer.
  execFileSync(PB_BIN, ["admin", "create", "source@example.com", "source-pass-123", "--dir", dir, ...PB_FLAGS], { stdio: "ignore" });
  const port = await freePort();
  const proc = spawn(PB_BIN, ["serve", "--dir", dir, "--http", `127.0.0.1:${port}`, ...PB_FLAGS], { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  await eventually(async () => (await fetch(`${url}/api/health`).catch(() => null))?.ok, { timeout: 15000, message: "the reference serving its dashboard" });
  return { url, stop: () => (proc.kill("SIGKILL"), rmSync(dir, { recursive: true, force: true })) };
}

/** `/_/…` from `dashboardUrl`, the rest (API, realtime, files) from `apiUrl`, streamed both ways. */
async function startProxy(dashboardUrl, apiUrl) {
  const server = http.createServer((req, res) => {
    const target = new URL(req.url ?? "/", req.url?.startsWith("/_/") ? dashboardUrl : apiUrl);
    const upstream = http.request(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on("error", () => res.destroy());
    req.on("aborted", () => upstream.destroy());
    req.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => (server.closeAllConnections(), new Promise((r) => server.close(r))) };
}

export const pocketbaseDashboardJourneys = [
  {
    name: "PocketBase's own dashboard: sign in, list and create records on Cairn",
    onlyOn: "cairn",
    async run(ctx) {
      const token = await adminToken(ctx);
      const name = `pbui_notes_${ctx.target.replace(/\W/g, "_")}`;
      const collection = await ctx.api.expectOk("POST", "/api/collections", { token, body: { name, type: "base", schema: [{ name: "title", type: "text", options: {} }] } });
      await ctx.api.expectOk("POST", `/api/collections/${name}/records`, { token, body: { title: "written through the API" } });
      const source = await startDashboardSource();
      const proxy = await startProxy(source.url, ctx.apiUrl);
      try {
        const { page } = await ctx.newPage();
        await page.goto(`${proxy.url}/_/`);
        await page.getByLabel("Email").fill(ctx.admin.email);
        await page.getByLabel("Password").fill(ctx.admin.password);
        await page.getByRole("button", { name: /login/i }).click();
        await page.waitForURL(/#\/collections/);
        await page.goto(`${proxy.url}/_/#/collections?collectionId=${collection.id}`);
        await visible(page.getByText("written through the API"));
        await page.getByRole("button", { name: "New record" }).first().click();
        const panel = page.locator(".overlay-panel").last();
        await panel.getByLabel("title").fill("written in PocketBase's dashboard");
        await panel.getByRole("button", { name: "Create" }).click();
        await visible(page.getByText("written in PocketBase's dashboard"));
        const list = await ctx.api.expectOk("GET", `/api/collections/${name}/records?sort=created`, { token });
        const titles = list.items.map((r) => r.title).sort();
        if (JSON.stringify(titles) !== JSON.stringify(["written in PocketBase's dashboard", "written through the API"])) throw new Error(`records on Cairn: ${JSON.stringify(titles)}`);
      } finally {
        await proxy.close();
        source.stop();
      }
    },
  },
];
