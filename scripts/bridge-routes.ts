/**
 * The bridge's API route table, once: every path that app/api/** answers with a bridge handler. The fast
 * server (scripts/bridge-entry.ts, behind scripts/serve.mjs) and the test harnesses
 * (tests/integration/app-routes.ts and the listen-route test) dispatch through it, so a new route is one line
 * here besides its app/api/<path>/route.ts.
 */
import * as cancel from "@/app/api/bridge/cancel/route";
import * as listen from "@/app/api/bridge/listen/route";
import * as processRoute from "@/app/api/bridge/process/route";
import * as send from "@/app/api/bridge/send/route";
import * as demo from "@/app/api/demo/[server]/route";
import * as lab from "@/app/api/lab/run/route";
import * as tokens from "@/app/api/tokens/route";
import * as auth from "@/app/api/auth/run/route";
import * as authCallback from "@/app/api/auth/callback/route";
import * as authCheck from "@/app/api/auth/check/route";
import * as appsSandbox from "@/app/api/apps/sandbox/route";

import type { JsonCall } from "@/lib/bridge/server/route-glue";

type Handler = ((req: Request) => Promise<Response>) & { jsonCall?: JsonCall };

const ROUTES: Record<string, Handler> = {
  "POST /api/bridge/send": send.POST,
  "POST /api/bridge/cancel": cancel.POST,
  "POST /api/bridge/listen": listen.POST,
  "POST /api/bridge/process": processRoute.POST,
  "POST /api/lab/run": lab.POST,
  "POST /api/tokens": tokens.POST,
  "POST /api/auth/run": auth.POST,
  "GET /api/auth/callback": authCallback.GET,
  "POST /api/auth/callback": authCallback.POST,
  "POST /api/auth/check": authCheck.POST,
  "POST /api/apps/sandbox": appsSandbox.POST,
};

/** app/api/demo/[server]: the embedded servers' Streamable HTTP endpoints. */
const DEMO_PATH = /^\/api\/demo\/([^/?#]+)$/;
const DEMO_METHODS = new Set(["GET", "POST", "DELETE"]);

/** The route's whole-JSON call when it has one (jsonRoute): the fast server runs it on node:http directly. */
export function bridgeJsonCall(method: string, pathname: string): JsonCall | undefined {
  return ROUTES[`${method} ${pathname}`]?.jsonCall;
}

/** The handler for a method and path (no query), or undefined when the path is not the bridge's (Next answers it). */
export function bridgeRoute(method: string, pathname: string): Handler | undefined {
  const route = ROUTES[`${method} ${pathname}`];
  if (route) return route;
  const demoMatch = DEMO_PATH.exec(pathname);
  if (!demoMatch || !DEMO_METHODS.has(method)) return undefined;
  const ctx = { params: Promise.resolve({ server: decodeURIComponent(demoMatch[1]) }) };
  return (req) => demo[method as "GET" | "POST" | "DELETE"](req, ctx);
}
