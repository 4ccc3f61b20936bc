import { defineConfig } from "vitest/config";
import type { Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { readFileSync } from "node:fs";

const serverPkg = JSON.parse(readFileSync(new URL("../server/package.json", import.meta.url), "utf8")) as { version: string };

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Emits docs.html: the repository README and the version, what the footer's Docs and Releases links open. */
function cairnDocs(): Plugin {
  return {
    name: "cairn-docs",
    apply: "build",
    generateBundle() {
      const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
      const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Cairn v${serverPkg.version} documentation</title><style>body{margin:0 auto;max-width:960px;padding:24px;font:15px/1.55 system-ui,sans-serif;color:#1f2430;background:#fff}pre{white-space:pre-wrap;font:14px/1.55 ui-monospace,monospace}@media (prefers-color-scheme:dark){body{color:#e6e8ee;background:#16181d}}</style></head><body><h1 id="version">Cairn v${serverPkg.version}</h1><p>Speaks the PocketBase v0.22 HTTP API. The README of this release follows.</p><main><pre>${escapeHtml(readme)}</pre></main></body></html>`;
      this.emitFile({ type: "asset", fileName: "docs.html", source: html });
    },
  };
}

export default defineConfig({
  base: "/_/",
  plugins: [react(), cairnDocs()],
  define: {
    __APP_VERSION__: JSON.stringify(serverPkg.version),
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        // Radix's shared chunks would be named "dist" after its files, like CodeMirror's, which
        // the budget journeys look for; "radix" says what they are.
        chunkFileNames: (chunk) => (chunk.name === "dist" && chunk.moduleIds.some((id) => id.includes("/@radix-ui/")) ? "assets/radix-[hash].js" : "assets/[name]-[hash].js"),
      },
    },
  },
  server: {
    port: 5173,
    host: "127.0.0.1",
    // `npm run dev -w ui`: the dashboard at http://127.0.0.1:5173/_/ talks to a backend through this proxy.
    proxy: {
      "/api": { target: process.env.CAIRN_DEV_API ?? "http://127.0.0.1:8090", changeOrigin: true },
    },
  },
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/test/setup.ts"],
    css: false,
    restoreMocks: true,
  },
});
