/**
 * Turns a target into something the transports can use: demo presets become concrete command lines or URLs, a
 * replay its recording (./replay.ts).
 * server-everything over HTTP is a process the bridge spawns (kept up, one per playground) with its listen
 * forced onto 127.0.0.1. Importable by the CLI.
 */
import { existsSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { type FailureKind, type Target } from "@/lib/bridge/contract";
import { targetKey } from "@/lib/bridge/target";
import { embeddedStdioArgv, everythingEntry, everythingStdioArgv, repoRoot } from "./embedded";
import { LIMITS } from "./limits";
import { resolveReplay, type Replay } from "./replay";
import { acquireKept, closeProcess, keptProcess, type StdioProcess, type StdioSpec } from "./stdio";

/**
 * The program's file is there to start: checked on disk only when a process may be spawned for it. While the kept-up
 * process of this target runs, a send goes to it and spawns nothing (the check was a stat on every call).
 */
function startable(file: string, key: string): boolean {
  const kept = keptProcess(key);
  if (kept?.running) return true;
  return existsSync(file);
}

export { embeddedStdioArgv, everythingEntry, repoRoot } from "./embedded";

export interface ResolveContext {
  /** Where this playground serves HTTP (e.g. http://127.0.0.1:3000); the calendar lives at /api/demo/calendar. */
  baseUrl?: string;
}

export type Resolved =
  | { ok: true; transport: "stdio"; spec: StdioSpec }
  | { ok: true; transport: "http"; url: string; notes: string[] }
  | { ok: true; transport: "replay"; replay: Replay }
  | { ok: false; failure: FailureKind; message: string };

export function calendarStdioArgv(): string[] {
  return embeddedStdioArgv("calendar");
}

export function embeddedHttpUrl(baseUrl: string, name: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/api/demo/${name}`;
}

export function calendarHttpUrl(baseUrl: string): string {
  return embeddedHttpUrl(baseUrl, "calendar");
}

export async function resolveTarget(target: Target, ctx: ResolveContext): Promise<Resolved> {
  const key = targetKey(target);
  switch (target.kind) {
    case "stdio":
      return {
        ok: true,
        transport: "stdio",
        spec: { key, argv: [target.command, ...target.args], cwd: target.cwd, env: target.env },
      };
    case "http":
      return { ok: true, transport: "http", url: target.url, notes: [] };
    case "replay": {
      // Answered from a recording in this process (./replay.ts): nothing is spawned or reached.
      const found = resolveReplay(target.cassette);
      return found.ok
        ? { ok: true, transport: "replay", replay: found.replay }
        : { ok: false, failure: "refused", message: found.message };
    }
    case "demo":
      break;
  }
  if (target.server !== "everything") {
    const name = target.server;
    if (target.transport === "stdio") {
      let argv = embeddedStdioArgv(name);
      if (!startable(argv.at(-1)!, key)) argv = embeddedStdioArgv(name, { fresh: true });
      if (!startable(argv.at(-1)!, key)) {
        return {
          ok: false,
          failure: "spawn",
          message: `the ${name} server's stdio build ${argv.at(-1)} is missing: run \`node scripts/build-servers.mjs\``,
        };
      }
      return { ok: true, transport: "stdio", spec: { key, argv } };
    }
    const baseUrl = ctx.baseUrl ?? (process.env.PORT ? `http://127.0.0.1:${process.env.PORT}` : undefined);
    if (!baseUrl)
      return {
        ok: false,
        failure: "refused",
        message: `the ${name} server over HTTP is served by the playground itself, but its URL is unknown (no base URL)`,
      };
    return { ok: true, transport: "http", url: embeddedHttpUrl(baseUrl, name), notes: [] };
  }
  if (!startable(everythingEntry(), key)) {
    return {
      ok: false,
      failure: "spawn",
      message: `server-everything is not installed (${everythingEntry()} is missing): run \`npm install\``,
    };
  }
  if (target.transport === "stdio") {
    return { ok: true, transport: "stdio", spec: { key, argv: everythingStdioArgv() } };
  }
  const started = await ensureEverythingHttp();
  if (!started.ok) return started;
  return { ok: true, transport: "http", url: started.url, notes: started.note ? [started.note] : [] };
}

// ---------------------------------------------------------------------------------------------------------
// server-everything over Streamable HTTP: one kept-up process listening on a free loopback port.

export const EVERYTHING_HTTP_KEY = targetKey({ kind: "demo", server: "everything", transport: "http" });

type EverythingStart = { ok: true; url: string; note?: string } | { ok: false; failure: FailureKind; message: string };
/** The one start of server-everything's HTTP process under way, if any (concurrent sends share it). */
let everythingStart: Promise<EverythingStart> | undefined;

export function everythingHttpProcess(): StdioProcess | undefined {
  return keptProcess(EVERYTHING_HTTP_KEY);
}

/** Starts server-everything streamableHttp if it is not running; concurrent callers share one start. */
export function ensureEverythingHttp(): Promise<EverythingStart> {
  const running = everythingHttpProcess();
  if (running?.running && running.url) return Promise.resolve({ ok: true, url: running.url });
  everythingStart ??= startEverythingHttp().finally(() => {
    everythingStart = undefined;
  });
  return everythingStart;
}

/** A port that is free right now (the kernel picks it; we close and hand it to the server). */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

async function startEverythingHttp(): Promise<EverythingStart> {
  // A process without a URL never finished starting: replace it rather than guess its port.
  await closeProcess(EVERYTHING_HTTP_KEY);
  const port = await freeLoopbackPort();
  const preload = path.join(repoRoot(), "scripts", "force-loopback.mjs");
  const spec: StdioSpec = {
    key: EVERYTHING_HTTP_KEY,
    argv: [process.execPath, "--import", preload, everythingEntry(), "streamableHttp"],
    env: { PORT: String(port), PLAYGROUND_EXIT_WITH_PARENT: "1" },
  };
  const acquired = acquireKept(spec, { keepBacklog: false });
  if (!acquired.ok) return { ok: false, failure: "refused", message: acquired.message };
  const proc = acquired.proc;
  const t0 = performance.now();
  if (!(await proc.ready)) return { ok: false, failure: "spawn", message: proc.spawnError! };
  let exited = false;
  void proc.closed.then(() => (exited = true));
  const deadline = t0 + LIMITS.demoHttpStartTimeoutMs;
  // It prints "… listening on port N" on stderr; polling the port is the same signal without parsing text.
  while (!(await accepts(port))) {
    if (exited) {
      const how = proc.exit?.signal ? `was killed by ${proc.exit.signal}` : `exited with code ${proc.exit?.code}`;
      return {
        ok: false,
        failure: "exit",
        message: `server-everything (streamableHttp) ${how} before listening; stderr: ${proc.stderrTail.join(" | ") || "(empty)"}`,
      };
    }
    if (performance.now() > deadline) {
      await proc.terminate(LIMITS.killGraceMs);
      return {
        ok: false,
        failure: "timeout",
        message: `server-everything (streamableHttp) was not listening on 127.0.0.1:${port} after ${LIMITS.demoHttpStartTimeoutMs} ms`,
      };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  proc.url = `http://127.0.0.1:${port}/mcp`;
  const ms = Math.round(performance.now() - t0);
  return {
    ok: true,
    url: proc.url,
    note: `started server-everything streamableHttp (pid ${proc.pid}) on 127.0.0.1:${port}; listening after ${ms} ms`,
  };
}
