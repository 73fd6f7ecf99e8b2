/**
 * The bridge's HTTP API (the route table in ./bridge-routes.ts: the same handlers as app/api/bridge/*,
 * app/api/lab/run, app/api/tokens and app/api/demo/[server]) as one plain node:http listener, bundled by scripts/build-servers.mjs into
 * dist-servers/bridge.mjs.
 * scripts/serve.mjs answers those paths with it and hands every other path to Next: a bridge call then skips
 * Next's per-request pipeline, which costs several milliseconds per call (bench/README.md), while the guards,
 * limits and handlers are exactly the ones the routes run. It also answers a host's probes and metrics, and
 * observes every bridge call (lib/bridge/server/observe.ts).
 */
import type http from "node:http";
import { fromNode, nodeHeaders, writeJsonReply, type JsonReply } from "@/lib/bridge/server/call-request";
import { pageFor } from "@/lib/bridge/server/guards";
import { toNodeListener } from "@/lib/bridge/server/demo-http";
import { observed, registerLiveGauges } from "@/lib/bridge/server/observe";
import { healthResponse, metricsResponse, readyResponse } from "@/lib/bridge/server/probe-routes";
import { sendLoad } from "@/lib/bridge/server/send";
import { livePids } from "@/lib/bridge/server/stdio";
import { bridgeJsonCall, bridgeRoute } from "./bridge-routes";

export { createPlaygroundServer } from "@/lib/bridge/server/http-server";
export { stampPeer, stampsItself } from "@/lib/bridge/server/peer";
export { SELF_PEER, createSelfSocketDir, setSelfSocket } from "@/lib/bridge/server/self-socket";
export { FRAME_HEADERS } from "@/lib/bridge/server/frame-headers";
export { shutdownAll } from "@/lib/bridge/server/stdio";
export { beginDrain, callEnded, callStarted, callsInFlight, drainSettings, isDraining, markReady, markStarting, whenIdle } from "@/lib/bridge/server/lifecycle";

registerLiveGauges({ sendsRunning: () => sendLoad().running, sendsWaiting: () => sendLoad().waiting, childProcesses: () => livePids().length });

/** For hosts, not users: answered without the bridge guards (lib/bridge/server/probe-routes.ts) and not counted as calls. */
const HOST_ROUTES: Record<string, (req: Request) => Response | Promise<Response>> = {
  "GET /api/health": healthResponse,
  "GET /api/ready": readyResponse,
  "GET /api/metrics": metricsResponse,
};

function pathOf(url: string | undefined): string {
  const q = (url ?? "/").search(/[?#]/);
  return q === -1 ? (url ?? "/") : (url ?? "/").slice(0, q);
}

/** The metrics' route label: one label for every embedded server, so the label set stays bounded. */
const routeLabel = (method: string, pathname: string) => (pathname.startsWith("/api/demo/") ? `${method} /api/demo/*` : `${method} ${pathname}`);

const listener = toNodeListener(async (req) => {
  const pathname = new URL(req.url).pathname;
  const hostRoute = HOST_ROUTES[`${req.method} ${pathname}`];
  if (hostRoute) return hostRoute(req);
  return observed(routeLabel(req.method, pathname), bridgeRoute(req.method, pathname)!)(req);
});

type JsonListener = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<JsonReply>;
const jsonListeners = new Map<string, JsonListener>();

/**
 * A JSON route (send, cancel, process, …) answered on node:http directly, observed like the others: no WHATWG
 * Request, Headers, body stream or Response per call (lib/bridge/server/call-request.ts).
 */
function jsonListener(method: string, pathname: string): JsonListener | undefined {
  const key = `${method} ${pathname}`;
  const known = jsonListeners.get(key);
  if (known) return known;
  const call = bridgeJsonCall(method, pathname);
  if (!call) return undefined;
  const listener = observed(routeLabel(method, pathname), async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const reply = await call(fromNode(req, res));
    writeJsonReply(res, reply);
    return reply;
  });
  jsonListeners.set(key, listener);
  return listener;
}

/** Answers the request when it is a bridge path; false when Next should. */
export function handleBridgeRequest(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  const method = req.method ?? "GET";
  const pathname = pathOf(req.url);
  const json = jsonListener(method, pathname);
  if (json) {
    json(req, res).catch((e: unknown) => {
      if (!res.headersSent)
        writeJsonReply(res, { status: 500, headers: {}, text: JSON.stringify({ ok: false, kind: "internal", message: (e as Error).message }) });
      else res.destroy();
    });
    return true;
  }
  if (!(`${method} ${pathname}` in HOST_ROUTES) && !bridgeRoute(method, pathname)) return false;
  void listener(req, res);
  return true;
}

/** Whether GET / answers with the playground itself (app/page.tsx's rule), not a refusal or the sign-in page. */
export function pageShowsPlayground(req: http.IncomingMessage): boolean {
  return pageFor(nodeHeaders(req.rawHeaders)).kind === "playground";
}
