import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Differential tests start reference binaries; keep parallelism modest on 2 cores.
    maxWorkers: 2,
  },
});
