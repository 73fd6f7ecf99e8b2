/** Runs the suite through the real bridge against a target; the fixture servers' entry points. */
import path from "node:path";
import type { Target } from "@/lib/bridge/contract";
import type { DemoServer } from "@/lib/bridge/names";
import { startDemoHttpServer } from "@/lib/node/demo-servers/http";
import type { SendContext } from "@/lib/node/bridge/send";
import { shutdownAll, livePids } from "@/lib/node/bridge/stdio";
import { bridgeCheckSend } from "@/lib/node/checks/bridge-send";
import { runChecks } from "@/lib/checks/runner";
import type { CheckReport, RunOptions } from "@/lib/checks/types";
import { startHttp } from "@/tests/fixtures/checks/http.mjs";

export const ROOT = path.resolve(__dirname, "..", "..", "..");
export const FIXTURE_STDIO = path.join(ROOT, "tests", "fixtures", "checks", "stdio.mjs");

/** Short windows keep the suite quick; they change nothing a conformant server does. */
export const FAST: RunOptions = { listenWindowMs: 400, timeoutMs: 5000 };

export function fixtureStdio(violation?: string, script = FIXTURE_STDIO): Target {
  return {
    kind: "stdio",
    command: process.execPath,
    args: [script, ...(violation ? ["--violate", violation] : [])],
  };
}

/** A fixture server with one violation (or none): started as a process over stdio, or here over HTTP. */
export interface Fixture {
  stdio(violation?: string): Target;
  startHttp(options: { violation?: string }): Promise<{ url: string; close(): Promise<unknown> }>;
}

export async function runOn(
  target: Target,
  transport: "stdio" | "http",
  options: RunOptions = FAST,
  ctx: SendContext = {},
): Promise<CheckReport> {
  return runChecks({ send: bridgeCheckSend(target, ctx), transport, label: JSON.stringify(target) }, options);
}

/** Runs the suite against an embedded server through the app's own handler (/api/demo/<server>), up for the run. */
export async function runOnDemoHttp(server: DemoServer, options: RunOptions = FAST): Promise<CheckReport> {
  const demo = await startDemoHttpServer(server);
  try {
    const baseUrl = new URL(demo.url).origin;
    return await runOn({ kind: "demo", server, transport: "http" }, "http", options, { baseUrl });
  } finally {
    await demo.close();
  }
}

/** Runs the suite against an embedded server the bridge starts as a process, and ends every process after. */
export async function runOnDemoProcess(
  server: DemoServer,
  transport: "stdio" | "http",
  options: RunOptions = FAST,
): Promise<CheckReport> {
  try {
    return await runOn({ kind: "demo", server, transport }, transport, options);
  } finally {
    await shutdownAll();
  }
}

/** Runs the suite against a fixture with one violation (or none) and ends every process and server after. */
export async function runOnFixture(
  fixture: Fixture,
  transport: "stdio" | "http",
  violation?: string,
): Promise<CheckReport> {
  if (transport === "stdio") {
    try {
      return await runOn(fixture.stdio(violation), "stdio");
    } finally {
      await shutdownAll();
    }
  }
  const server = await fixture.startHttp({ violation });
  try {
    return await runOn({ kind: "http", url: server.url }, "http");
  } finally {
    await server.close();
  }
}

/** The checks' own fixture (tests/fixtures/checks/stdio.mjs and http.mjs). */
export function runFixture(transport: "stdio" | "http", violation?: string): Promise<CheckReport> {
  return runOnFixture({ stdio: fixtureStdio, startHttp }, transport, violation);
}

/** The checks that did not pass or skip: what a violation must limit to exactly one. */
export function complaints(report: CheckReport): string[] {
  return report.checks
    .filter((c) => c.status === "fail" || c.status === "warn")
    .map((c) => `${c.id} ${c.status}: ${c.detail}`);
}

export function noProcessLeft(): number[] {
  return livePids();
}

/** `npm run cli -- …` as a user runs it (node --import tsx lib/node/cli/main.ts), collecting stdout and stderr. */
export { runCli as cli } from "../../helpers/cli";
