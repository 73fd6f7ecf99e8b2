/**
 * The test fixtures written in TypeScript that the tests start as processes (a skills server, a tasks server without
 * push, a bridge holder, the Apps sandbox): bundled once per run by vitest's global setup
 * (tests/helpers/ts-fixtures.global.ts) into plain JavaScript, as the CLI is (tests/helpers/cli-bundle.global.ts).
 * Starting one through tsx cost ~1.5–2 s of CPU (loading tsx, transforming the sources); the bundle starts in a
 * fraction of that. Outside vitest (no bundle named), node starts the source through tsx, as before.
 */
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..", "..");

/** Where vitest's global setup put the bundled fixtures (a folder holding `<name>.mjs` for each of TS_FIXTURES). */
export const TS_FIXTURES_ENV = "PLAYGROUND_TEST_TS_FIXTURES";

/** Each bundled fixture: its name in the bundle folder → its source, from the repo root. */
export const TS_FIXTURES = {
  "skills-stdio": "tests/fixtures/skills/stdio.ts",
  "tasks-no-push-stdio": "tests/fixtures/tasks/no-push-stdio.ts",
  "bridge-holder": "tests/fixtures/bridge-holder.ts",
  "apps-sandbox-server": "lib/node/apps/sandbox-server.ts",
} as const;

export type TsFixture = keyof typeof TS_FIXTURES;

/** The file node loads for a fixture: its bundle when the global setup built one, else its source (through tsx). */
export function tsFixtureFile(name: TsFixture): string {
  const dir = process.env[TS_FIXTURES_ENV];
  return dir ? path.join(dir, `${name}.mjs`) : path.join(ROOT, TS_FIXTURES[name]);
}

/** node's arguments that start a fixture: its bundle, else its source through tsx. */
export function tsFixtureArgs(name: TsFixture): string[] {
  return process.env[TS_FIXTURES_ENV] ? [tsFixtureFile(name)] : ["--import", "tsx", tsFixtureFile(name)];
}
