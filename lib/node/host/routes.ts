/**
 * The bridge's HTTP API, once: every route as a fetch-style handler (WHATWG Request in, Response out) in one
 * table. lib/node/host/app.ts mounts the table on the playground's one server (every mode: `npm run dev`,
 * `npm start`, hosted, the image), and the integration tests call the same app. Each route stays thin: the
 * guards, body limit, validation and reply shape are route-glue.ts's jsonRoute; the work lives in its module.
 */
import { z } from "zod";
import {
  CancelRequestSchema,
  ProcessRequestSchema,
  ResetDemoRequestSchema,
  SendRequestSchema,
} from "@/lib/bridge/contract";
import { LISTEN_CONTENT_TYPE, ListenRequestSchema } from "@/lib/bridge/listen-contract";
import {
  AUTH_CALLBACK_PATH,
  AuthCallbackRequestSchema,
  AuthCheckRequestSchema,
  AuthRunRequestSchema,
} from "@/lib/auth/request";
import { APPS_SANDBOX_UNCONFIGURED, startAppsSandbox } from "../apps/sandbox-server";
import { callbackPage } from "../auth/callback-page";
import { isLaunchHostname } from "../web/launch-origin";
import { judgeAuthorization } from "../auth/judge";
import { continueAuthRequest, runAuthRequest } from "../auth/run-request";
import { CONDITION_IDS, type ConditionId } from "@/lib/lab/conditions";
import { runLab } from "../lab/run";
import { BillRequestSchema } from "@/lib/tokens/request";
import { billParsedRequest } from "../tokens/bill-request";
import type { HeaderReader } from "../web/call-request";
import { serveDemo } from "../demo-servers/http";
import { BridgeError } from "../bridge/errors";
import { checkPageHeaders } from "../web/guards";
import { cancel as cancelInFlight } from "../bridge/in-flight";
import { listenResponse } from "../bridge/listen";
import { forMode, isHosted, processControlRefusal } from "../bridge/target-policy";
import { clientKeyOf } from "../web/client-policy";
import { healthResponse, metricsResponse, readyResponse } from "./probe-routes";
import { baseUrlOf, failReply, jsonRoute, parseBridgeCall } from "../web/route-glue";
import { resetDemoServers } from "../demo-servers/reset-demo";
import { cancel, controlProcess, send } from "../bridge/send";
import { newLaunchRoute, signInCheckRoute, signInRoute } from "../web/sign-in";

export type RouteHandler = (req: Request, params: Record<string, string>) => Response | Promise<Response>;

export interface Route {
  method: "GET" | "POST" | "DELETE";
  /** A Hono path (`:name` is a parameter). */
  path: string;
  handler: RouteHandler;
  /**
   * For hosts, not users (liveness, readiness, metrics): answered whatever the Host, without the page guards,
   * and not counted as bridge calls (probe-routes.ts).
   */
  probe?: true;
}

/** Delivers one frame; replies { ok: true, value: Exchange } (each received frame in it once: lib/protocol/exchange.ts). */
const sendRoute = jsonRoute(SendRequestSchema, async (input, call) => {
  // The page went away (reload, closed tab): cancel rather than leave the exchange running.
  const onAbort = () => cancel(input.sendId);
  call.signal.addEventListener("abort", onAbort, { once: true });
  try {
    // Hosted mode keeps no process between requests: stdio runs fresh (the exchange says so).
    const { req: request, notes } = forMode(input);
    return await send(request, {
      baseUrl: baseUrlOf(call),
      notes,
      // Read only by an HTTP target's flood pacing: a stdio call does not hash the token for it.
      get client() {
        return clientKeyOf(call.headers);
      },
    });
  } finally {
    call.signal.removeEventListener("abort", onAbort);
  }
});

/** Cancels an in-flight send; replies { ok: true, value: { cancelled } } (false when it already finished). */
const cancelRoute = jsonRoute(CancelRequestSchema, async ({ sendId }) => ({ cancelled: cancelInFlight(sendId) }));

/** Status, restart or close of the process behind a target; replies { ok: true, value: ProcessStatus }. */
const processRoute = jsonRoute(ProcessRequestSchema, async ({ action, target }, call) => {
  const refusal = processControlRefusal();
  if (refusal) throw new BridgeError("refused", refusal);
  return controlProcess(action, target, { baseUrl: baseUrlOf(call) });
});

/** Reset demo servers: closes the embedded servers' kept-up processes and resets their state; replies { ok: true, value: ResetDemoReport }. */
const resetDemoRoute = jsonRoute(ResetDemoRequestSchema, async () => {
  // Hosted (class) mode shares the demo servers between every user: one page may not reset them for all.
  if (processControlRefusal())
    throw new BridgeError(
      "refused",
      "hosted mode shares the demo servers between every user, so one page cannot reset them",
    );
  return resetDemoServers();
});

/**
 * Opens a subscriptions/listen stream; replies NDJSON lines (open, event…, end) until the server, the user
 * (POST /api/bridge/cancel with the listenId) or the page (closing the fetch) ends it.
 */
async function listenRoute(req: Request): Promise<Response> {
  const call = await parseBridgeCall(req, ListenRequestSchema);
  if (!call.ok) return call.reply;
  try {
    // The client's in-flight slot (hosted mode) is held until the stream ends; its listen quota counts this stream.
    const body = listenResponse(
      call.input,
      { baseUrl: baseUrlOf(req) },
      req.signal,
      call.release,
      isHosted() ? clientKeyOf(req.headers) : "",
    );
    return new Response(body, {
      headers: { "Content-Type": LISTEN_CONTENT_TYPE, "Cache-Control": "no-store", "X-Accel-Buffering": "no" },
    });
  } catch (e) {
    call.release();
    if (e instanceof BridgeError) return failReply(e.kind, e.message);
    return failReply("internal", `the listen stream could not start: ${(e as Error).message}`);
  }
}

const LabRunSchema = z.object({
  /** Validated by runLab against the lab script format, so the reply can say exactly what is wrong. */
  script: z.unknown(),
  conditions: z.array(z.enum(CONDITION_IDS as [ConditionId, ...ConditionId[]])).min(1),
});

/** Runs a lab script under each condition; replies { ok: true, value: LabReport }. Spawns only on this explicit call. */
const labRoute = jsonRoute(LabRunSchema, (input, call) => runLab(input, { baseUrl: baseUrlOf(call) }));

/**
 * Bills a catalogue the page fetched (or edited): replies { ok: true, value: Bill }. Counting happens here so
 * the tokenizer's rank file never ships to the page.
 */
const tokensRoute = jsonRoute(BillRequestSchema, async (input, call) => {
  const reply = await billParsedRequest(input, clientKeyOf(call.headers));
  if (!reply.ok) throw new BridgeError(reply.kind, reply.message);
  return reply.value;
});

/**
 * The callback page as the person's browser reaches it: the calling page's origin (already guarded), else its Host.
 * Local mode's page is on the launch's own name (mcp-….localhost), which authorization servers do not take as a
 * loopback redirect (RFC 8252 §7.3 names 127.0.0.1, [::1] and localhost): the redirect goes to 127.0.0.1 at the same
 * port, whose callback page moves to the launch's origin (guards.ts launchRedirect), where the starting tab hears it.
 */
function callbackUrlOf(req: { headers: HeaderReader }): string {
  const url = new URL(
    AUTH_CALLBACK_PATH,
    req.headers.get("origin") ?? `http://${req.headers.get("host") ?? "127.0.0.1"}`,
  );
  if (isLaunchHostname(url.hostname)) url.hostname = "127.0.0.1";
  return url.href;
}

/**
 * Runs the authorization flow step by step and replies { ok: true, value: AuthRun }: every exchange with its
 * secrets already masked; the tokens themselves never leave the server. With login "browser" the run pauses
 * where the person signs in (value.flowId, value.authorizationUrl).
 */
const authRunRoute = jsonRoute(AuthRunRequestSchema, (input, call) =>
  runAuthRequest(input, { callbackUrl: callbackUrlOf(call), client: clientKeyOf(call.headers) }),
);

/**
 * GET: the page an authorization server redirects the person's tab to (Host/Origin guarded like every page); it
 * only hands its own URL to the playground tab that started the sign-in (lib/node/auth/callback-page.ts).
 */
function authCallbackPage(req: Request): Response {
  const refused = checkPageHeaders(req.headers);
  return refused ? failReply(refused.kind, refused.message) : callbackPage();
}

/** POST { flowId, callbackUrl }: the starting tab hands the callback over; the paused flow checks state and iss, exchanges the code and goes on. */
const authCallbackRoute = jsonRoute(AuthCallbackRequestSchema, (input) => continueAuthRequest(input));

/**
 * The Checks tab's authorization judgement of an MCP endpoint (C57, A01–A10): { ok: true, value: AuthJudgement },
 * discovery and token probes only: nothing is registered and nobody signs in.
 */
const authCheckRoute = jsonRoute(AuthCheckRequestSchema, ({ url }) => judgeAuthorization({ target: url }));

/**
 * The MCP Apps sandbox's origin (lib/node/apps/sandbox-server.ts), started on the first call; replies { ok: true, value:
 * { origin } }. Hosted without the sandbox's settings: 403 refused, saying which settings it needs.
 */
const appsSandboxRoute = jsonRoute(z.object({}).strict(), async () => {
  if (isHosted() && !process.env.PLAYGROUND_APPS_SANDBOX_ORIGIN)
    throw new BridgeError("refused", APPS_SANDBOX_UNCONFIGURED);
  const sandbox = await startAppsSandbox();
  return { origin: sandbox.origin };
});

/**
 * The embedded demo MCP servers over Streamable HTTP (the calendar). Host/Origin are guarded (DNS rebinding);
 * no token: this is an MCP server the bridge calls server-side, like any other HTTP target.
 */
const demoRoute: RouteHandler = (req, params) => serveDemo(req, params.server);

/** Every route of the bridge's API. Bridge routes guard Host, Origin and the token themselves (route-glue.ts). */
export const ROUTES: readonly Route[] = [
  { method: "POST", path: "/api/bridge/send", handler: sendRoute },
  { method: "POST", path: "/api/bridge/cancel", handler: cancelRoute },
  { method: "POST", path: "/api/bridge/listen", handler: listenRoute },
  { method: "POST", path: "/api/bridge/process", handler: processRoute },
  { method: "POST", path: "/api/bridge/reset-demo", handler: resetDemoRoute },
  { method: "POST", path: "/api/lab/run", handler: labRoute },
  { method: "POST", path: "/api/tokens", handler: tokensRoute },
  { method: "POST", path: "/api/auth/run", handler: authRunRoute },
  { method: "GET", path: "/api/auth/callback", handler: authCallbackPage },
  { method: "POST", path: "/api/auth/callback", handler: authCallbackRoute },
  { method: "POST", path: "/api/auth/check", handler: authCheckRoute },
  { method: "POST", path: "/api/apps/sandbox", handler: appsSandboxRoute },
  { method: "GET", path: "/api/demo/:server", handler: demoRoute },
  { method: "POST", path: "/api/demo/:server", handler: demoRoute },
  { method: "DELETE", path: "/api/demo/:server", handler: demoRoute },
  { method: "POST", path: "/api/signin", handler: signInRoute },
  { method: "POST", path: "/api/signin/check", handler: signInCheckRoute },
  { method: "POST", path: "/api/signin/launch", handler: newLaunchRoute },
  { method: "GET", path: "/api/health", handler: healthResponse, probe: true },
  { method: "GET", path: "/api/ready", handler: readyResponse, probe: true },
  { method: "GET", path: "/api/metrics", handler: metricsResponse, probe: true },
];
