import { defineConfig } from "vitest/config";

// What both projects share (a project does not inherit the root's test options, and must not: the root's globalSetup
// would then run once per project).
const resolve = { alias: { "@": import.meta.dirname } };
const common = { environment: "node", testTimeout: 30_000, hookTimeout: 60_000 } as const;

export default defineConfig({
  resolve,
  test: {
    // After everything: the process table must hold nothing this checkout started. Before: the CLI, bundled once for
    // the tests that start it as a process.
    globalSetup: ["tests/leftover-processes.global.ts", "tests/helpers/cli-bundle.global.ts"],
    // Two groups, one after the other: the unit files (pure logic, no server of their own) file-parallel on every
    // core, then the integration files one at a time — they spawn real servers, and two cores do not like many at once.
    projects: [
      // (vitest's default on two cores would be one worker.)
      { resolve, test: { ...common, name: "unit", include: ["tests/unit/**/*.test.ts"], maxWorkers: "100%" } },
      {
        resolve,
        test: { ...common, name: "integration", include: ["tests/integration/**/*.test.ts"], fileParallelism: false },
      },
    ],
  },
});
