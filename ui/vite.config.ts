import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { readFileSync } from "node:fs";

const serverPkg = JSON.parse(readFileSync(new URL("../server/package.json", import.meta.url), "utf8")) as { version: string };

export default defineConfig({
  base: "/_/",
  plugins: [react()],
  define: {
    __APP_VERSION__: JSON.stringify(serverPkg.version),
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
    chunkSizeWarningLimit: 800,
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
