// Shared by run.mjs and measure.mjs: build once and start the playground's server (what `npm start` serves, or
// `npm run dev`'s) on a free loopback port, with the launch URL it prints (signIn opens it); the browser and HTTP plumbing comes from scripts/local-app.mjs. Plain node + playwright-core.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { LAUNCH_HOSTS, ROOT, freePort, httpRequest, spawnApp } from "../../scripts/local-app.mjs";

// The plumbing the benchmarks use too lives in scripts/local-app.mjs.
export {
  CHROMIUM,
  CHROMIUM_ARGS,
  E2E_CHROMIUM,
  ROOT,
  SESSION_COOKIE,
  browserSecret,
  endWithThisProcess,
  freePort,
  guardedContext,
  httpRequest,
  launchBrowser,
  newLaunchUrl,
  requireChromium,
  signIn,
  signInOnly,
  signedInHeaders,
} from "../../scripts/local-app.mjs";

/** A build as `npm run build` leaves it: the server bundle, `next build`, then the .br/.gz copies the server sends (its postbuild). */
export function ensureBuilt() {
  const step = (label, args) => {
    console.log(`${label}: running \`${args.join(" ")}\` once…`);
    const r = spawnSync(args[0], args.slice(1), {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    });
    if (r.status === 0) return;
    console.error(`${args.join(" ")} failed; fix it and re-run the e2e tests.`);
    process.exit(1);
  };
  if (!existsSync(path.join(ROOT, "dist-servers", "server.mjs")))
    step("no server bundle found", ["node", "scripts/build-servers.mjs"]);
  if (!existsSync(path.join(ROOT, ".next", "BUILD_ID"))) step("no .next build found", ["npx", "next", "build"]);
  const chunks = path.join(ROOT, ".next", "static", "chunks");
  if (!readdirSync(chunks).some((f) => f.endsWith(".br")))
    step("the build has no precompressed copies", ["node", "scripts/precompress.mjs"]);
}

/**
 * The server `npm start` runs ("start", the default; E2E_SERVER=dev runs every case on `npm run dev`'s), detached
 * (own process group) with no PLAYGROUND_TOKEN: it makes its own. Dev compiles the page on its first visit. `port`
 * (default: a free one) and `env` (added to this process's) are for cases that need a given port or setting.
 */
export async function startServer({ server = process.env.E2E_SERVER ?? "start", port, env: extraEnv = {} } = {}) {
  port ??= await freePort();
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...extraEnv };
  delete env.PLAYGROUND_TOKEN;
  env.PLAYGROUND_OPEN = "0"; // never a real browser window from a test
  const { child, log, signalGroup } = spawnApp({ server, port, env });
  const started = Date.now();
  const exited = new Promise((resolve) => child.once("exit", resolve));
  /** SIGTERM to the server's group; resolves once the server has exited (SIGKILL to the group if it has not within 30 s: its drain waits up to 20 s). */
  const stop = async () => {
    signalGroup("SIGTERM");
    if (child.exitCode !== null || child.signalCode !== null) return;
    let timer;
    const late = new Promise((resolve) => (timer = setTimeout(() => resolve("late"), 30_000)));
    if ((await Promise.race([exited, late])) === "late") signalGroup("SIGKILL");
    clearTimeout(timer);
  };
  const waitMs = server === "dev" ? 240_000 : 60_000;
  while (Date.now() - started < waitMs) {
    if (child.exitCode !== null) throw new Error(`${server} server exited with code ${child.exitCode}:\n${log()}`);
    try {
      // The server prints the launch URL that signs a browser in, and the token (scripts/launch.mjs); its page
      // answers on the launch's own name (mcp-….localhost), which httpRequest then sends as the Host.
      const launch = LAUNCH_URL.exec(log());
      const printedToken = TOKEN_LINE.exec(log());
      if (launch) LAUNCH_HOSTS.set(port, new URL(launch[0]).host);
      const r = launch ? await httpRequest({ port, path: "/" }) : { status: 0 };
      if (r.status === 200 && launch && printedToken) {
        const launchUrl = launch[0];
        const token = printedToken[1];
        return {
          port,
          base: new URL(launchUrl).origin,
          launchUrl,
          token,
          stop,
          log,
          child,
          readyMs: Date.now() - started,
        };
      }
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  stop();
  throw new Error(`${server} server did not answer (or print its launch URL) within ${waitMs / 1000} s:\n${log()}`);
}

const LAUNCH_URL = /http:\/\/mcp-[0-9a-f]{32}\.localhost:\d+\/#launch=[0-9a-f]{64}/;
const TOKEN_LINE = /This launch's token[^\n]*\n\n {4}([0-9a-f]{64})\n/;

/** Every /api/bridge/send the page makes, as the parsed request body (target, frame), in order. */
export function recordSends(page) {
  const sends = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/bridge/send") && r.method() === "POST") sends.push(JSON.parse(r.postData() ?? "{}"));
  });
  return sends;
}
