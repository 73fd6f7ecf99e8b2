/**
 * Local or hosted mode (PLAYGROUND_MODE), and what hosted mode refuses of a target (the target policy; what a client
 * may ask is the front door's: lib/node/web/client-policy.ts).
 *
 * Local (the default): one person on their own machine; any command, any URL, the baseline guards.
 * Hosted (`PLAYGROUND_MODE=hosted`, one deployment for a class): only the embedded servers' exact command
 * lines run; HTTP targets must resolve to public addresses only, and the request is pinned to the address
 * that was checked; the app's own /api/demo/* URLs stay reachable (the bridge's own calls carry a proof, OWN_CALL_HEADER);
 * each client is rate- and concurrency-limited (by the front door); no process outlives the request that started it (stdio always runs fresh), so any
 * instance behind a load balancer can serve any request. Any other non-empty PLAYGROUND_MODE value is
 * treated as hosted (fail closed). Importable by the CLI.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { DEMO_SERVERS, type ParsedSendRequest, type Target } from "@/lib/bridge/contract";
import { checkDestination, literalVerdict, type PinnedAddress, type Resolver } from "./address-guard";
import { embeddedStdioArgv, everythingStdioArgv } from "./embedded";
import { HOSTED_LIMITS, LIMITS } from "./limits";

export type PlaygroundMode = "local" | "hosted";

export function playgroundMode(): PlaygroundMode {
  const value = (process.env.PLAYGROUND_MODE ?? "").trim().toLowerCase();
  return value === "" || value === "local" ? "local" : "hosted";
}

export function isHosted(): boolean {
  return playgroundMode() === "hosted";
}

/** The size limits of the current mode (hosted mode's are smaller: HOSTED_LIMITS). */
export function sizeLimits(): { maxFrameBytes: number; maxRequestBodyBytes: number } {
  return isHosted()
    ? { maxFrameBytes: HOSTED_LIMITS.maxFrameBytes, maxRequestBodyBytes: HOSTED_LIMITS.maxRequestBodyBytes }
    : { maxFrameBytes: LIMITS.maxFrameBytes, maxRequestBodyBytes: LIMITS.maxRequestBodyBytes };
}

/** Servers the app itself serves at /api/demo/<name> (server-everything is a separate process). */
const IN_APP_DEMOS: readonly string[] = DEMO_SERVERS.filter((name) => name !== "everything");

/** Environment a hosted stdio target may set: only the lab's private-process marker (NODE_OPTIONS would be code). */
const HOSTED_ENV_ALLOWED = new Set(["PLAYGROUND_LAB_RUN"]);

function sameArgv(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((part, i) => part === b[i]);
}

/** The exact command line of an embedded server (what the demo presets spawn). */
export function isEmbeddedCommand(argv: readonly string[]): boolean {
  return sameArgv(argv, everythingStdioArgv()) || IN_APP_DEMOS.some((name) => sameArgv(argv, embeddedStdioArgv(name)));
}

const STDIO_REFUSAL =
  `hosted mode runs only the embedded servers (${IN_APP_DEMOS.join(", ")}, and server-everything over stdio); ` +
  "arbitrary commands are refused. Run the playground locally (npm run dev / npm start) to try your own command";

/** The last gate before a spawn (stdio.ts): null when the command may start. */
export function spawnRefusal(argv: readonly string[], env?: Record<string, string>, cwd?: string): string | null {
  if (!isHosted()) return null;
  if (!isEmbeddedCommand(argv)) return `${STDIO_REFUSAL}; refused: ${JSON.stringify(argv.join(" "))}`;
  const extra = Object.keys(env ?? {}).filter((name) => !HOSTED_ENV_ALLOWED.has(name));
  if (extra.length > 0)
    return `hosted mode does not let a target set environment variables (${extra.join(", ")}); refused`;
  if (cwd !== undefined) return "hosted mode does not let a target choose a working directory; refused";
  return null;
}

/** The app's own loopback address in hosted mode (scripts/server.ts sets PORT). */
export function selfBaseUrl(): string | undefined {
  const port = process.env.PORT;
  return port && /^\d{1,5}$/.test(port) ? `http://127.0.0.1:${port}` : undefined;
}

/** Exactly http://127.0.0.1:<own port>/api/demo/<in-app server>: no query, no credentials, no other path. */
export function isSelfDemoUrl(url: URL): boolean {
  const base = selfBaseUrl();
  if (!base || url.origin !== base || url.username || url.password || url.search || url.hash) return false;
  const match = /^\/api\/demo\/([^/]+)$/.exec(url.pathname);
  return match !== null && IN_APP_DEMOS.includes(match[1]);
}

export interface AdmitContext {
  /** URLs of processes the bridge itself started for this request (the lab's HTTP instances). */
  trustedUrls?: readonly string[];
  /** DNS resolver (tests inject one; the default asks the system). */
  resolve?: Resolver;
}

export type Admission = { ok: true; pinned?: PinnedAddress; notes: string[] } | { ok: false; message: string };

/** May this target be used at all in the current mode? For HTTP targets: which address to connect to. */
export async function admitTarget(target: Target, ctx: AdmitContext = {}): Promise<Admission> {
  if (!isHosted()) return { ok: true, notes: [] };
  switch (target.kind) {
    case "demo":
      if (target.server === "everything" && target.transport === "http") {
        return {
          ok: false,
          message:
            "hosted mode does not run server-everything over HTTP (it would be one shared process with server-side sessions, " +
            "kept between requests); use it over stdio, or the calendar over HTTP",
        };
      }
      return { ok: true, notes: [] };
    case "stdio": {
      const refusal = spawnRefusal([target.command, ...target.args], target.env, target.cwd);
      return refusal ? { ok: false, message: refusal } : { ok: true, notes: [] };
    }
    case "http":
      return admitHttpUrl(target.url, ctx);
    case "replay":
      return { ok: true, notes: [] }; // answered from a recording in memory: nothing runs, nothing is reached
  }
}

export async function admitHttpUrl(href: string, ctx: AdmitContext = {}): Promise<Admission> {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return { ok: false, message: `${JSON.stringify(href)} is not a URL` };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return { ok: false, message: `only http: and https: URLs can be reached, not ${url.protocol}` };
  if (isSelfDemoUrl(url) || ctx.trustedUrls?.includes(url.href)) return { ok: true, notes: [] };
  const destination = await checkDestination(url, ctx.resolve);
  if (!destination.ok) return { ok: false, message: destination.message };
  const { pinned } = destination;
  const notes = destination.literal
    ? []
    : [
        `hosted mode: ${pinned.hostname} resolved to ${pinned.address} (public); the connection is pinned to that address`,
      ];
  return { ok: true, pinned, notes };
}

/** What a redirect's Location would meet, for the failure message (the bridge never follows redirects). */
export function describeRedirect(location: string, base: string): string {
  if (!isHosted()) return "";
  let url: URL;
  try {
    url = new URL(location, base);
  } catch {
    return "";
  }
  const refused = (why: string) => `; following it would be refused in any case: ${why}`;
  if (url.protocol !== "http:" && url.protocol !== "https:") return refused(`${url.protocol} is not http: or https:`);
  if (isSelfDemoUrl(url)) return "";
  // Judged without DNS: resolving a name the bridge will not visit would cost a lookup for nothing.
  const verdict = literalVerdict(url.hostname);
  if (verdict && !verdict.ok) return refused(`${verdict.reason} (SSRF guard)`);
  return verdict ? "" : "; had it been followed, the new host's addresses would have been checked first";
}

/** Hosted mode keeps no process between requests: a stdio send always runs in a fresh process. */
export function forMode(req: ParsedSendRequest): { req: ParsedSendRequest; notes: string[] } {
  if (!isHosted() || req.processMode === "fresh") return { req, notes: [] };
  const stdio = req.target.kind === "stdio" || (req.target.kind === "demo" && req.target.transport === "stdio");
  if (!stdio) return { req, notes: [] };
  return {
    req: { ...req, processMode: "fresh" },
    notes: [
      "hosted mode: every stdio message runs in a fresh process, ended after the reply (no process is kept between requests)",
    ],
  };
}

export function processControlRefusal(): string | null {
  return isHosted()
    ? "hosted mode keeps no processes between requests (each stdio message runs in a fresh process), so there is none to show, restart or close"
    : null;
}

/** Sent by the bridge on its own calls to this app's /api/demo/* (hosted mode: the only ones exempt from client limits). */
export const OWN_CALL_HEADER = "x-playground-own-call";

let ownProof: string | undefined;

/** A random value that never leaves this process (not the peer proof: a different secret for a different claim). */
function ownCallProof(): string {
  return (ownProof ??= randomBytes(24).toString("base64url"));
}

/** The header to add to a bridge HTTP call: only on a hosted call to exactly this app's own demo URL, else none. */
export function ownCallHeaders(url: URL): [string, string][] {
  return isHosted() && isSelfDemoUrl(url) ? [[OWN_CALL_HEADER, ownCallProof()]] : [];
}

/** Does this value carry this process's own-call proof (compared in constant time)? */
export function isOwnCallProof(value: string | null): boolean {
  const proof = Buffer.from(value ?? "");
  const expected = Buffer.from(ownCallProof());
  return proof.length === expected.length && timingSafeEqual(proof, expected);
}
