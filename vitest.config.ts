import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": import.meta.dirname } },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Integration tests spawn real servers; two cores do not like many at once.
    fileParallelism: false,
    // After everything: the process table must hold nothing this checkout started.
    globalSetup: ["tests/leftover-processes.global.ts"],
  },
});
