import { defineConfig } from "vitest/config";

// What every project shares (a project does not inherit the root's test options, and must not: the root's globalSetup
// would then run once per project).
const resolve = { alias: { "@": import.meta.dirname } };
const common = { environment: "node", testTimeout: 30_000, hookTimeout: 60_000 } as const;

// The integration files that time something, count the processes of the tier, or measure fairness under load: they
// run one at a time, after the others, so that no other test file shares the machine with them.
export const SERIAL_INTEGRATION = [
  "tests/integration/e2e-pool.test.ts",
  "tests/integration/e2e-case-deadline.test.ts",
  "tests/integration/run-tier.test.ts",
  "tests/integration/ci-run.test.ts",
  "tests/integration/leftover-processes.test.ts",
  "tests/integration/load.test.ts",
  "tests/integration/flood-fairness.test.ts",
  "tests/integration/progress-timeout.test.ts",
  "tests/integration/listen-abuse.test.ts",
  "tests/integration/hostile-servers.test.ts",
  "tests/integration/tokens-fair.test.ts",
  "tests/integration/tokens-hostile.test.ts",
  "tests/integration/http-server.test.ts",
  "tests/integration/stdio-bounds.test.ts",
];

// Unit files that leave a process-wide state changed for good (an instance's life ends draining), run with a module
// cache of their own; the other unit files share theirs (tests/unit/isolation.test.ts keeps this list honest).
export const UNIT_OWN_PROCESS = ["tests/unit/lifecycle.test.ts"];

// Integration files mostly wait (on real servers' replies and the product's own time windows), so several run at
// once, each with a temp folder of its own (tests/helpers/own-tmpdir.setup.ts).
const integration = {
  ...common,
  include: ["tests/integration/**/*.test.ts"],
  setupFiles: ["tests/helpers/own-tmpdir.setup.ts"],
};

export default defineConfig({
  resolve,
  test: {
    // After everything: the process table must hold nothing this checkout started. Before: the CLI and the
    // TypeScript fixtures, bundled once for the tests that start them as processes.
    globalSetup: [
      "tests/leftover-processes.global.ts",
      "tests/helpers/cli-bundle.global.ts",
      "tests/helpers/ts-fixtures.global.ts",
    ],
    projects: [
      // First group: the unit files (pure logic) and the integration files, three at a time (one group shares one
      // count of workers; vitest's default on two cores would be one).
      // The unit files share their workers' module cache (isolate: false): re-importing lib/ for each of ~140 files
      // cost most of their CPU. Stubbed env and spies are undone after every test, so no file sees another's; the few
      // files that change a process-wide state for good (UNIT_OWN_PROCESS) keep a module cache of their own.
      {
        resolve,
        test: {
          ...common,
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          exclude: UNIT_OWN_PROCESS,
          maxWorkers: 3,
          isolate: false,
          unstubEnvs: true,
          unstubGlobals: true,
          restoreMocks: true,
        },
      },
      { resolve, test: { ...common, name: "unit-own-process", include: UNIT_OWN_PROCESS, maxWorkers: 3 } },
      {
        resolve,
        test: { ...integration, name: "integration", exclude: SERIAL_INTEGRATION, maxWorkers: 3 },
      },
      // Then, alone: the serial files, one at a time.
      {
        resolve,
        test: {
          ...integration,
          name: "integration-serial",
          include: SERIAL_INTEGRATION,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
