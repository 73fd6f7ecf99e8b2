/**
 * The bridge's HTTP API (the same route handlers as app/api/bridge/*, app/api/lab/run, app/api/tokens and
 * app/api/demo/[server]) as one plain node:http listener, bundled by scripts/build-servers.mjs into
 * dist-servers/bridge.mjs.
 * scripts/serve.mjs answers those paths with it and hands every other path to Next: a bridge call then skips
 * Next's per-request pipeline, which costs several milliseconds per call (bench/README.md), while the guards,
 * limits and handlers are exactly the ones the routes run.
 */
import type http from "node:http";
import * as cancel from "@/app/api/bridge/cancel/route";
import * as listen from "@/app/api/bridge/listen/route";
import * as processRoute from "@/app/api/bridge/process/route";
import * as send from "@/app/api/bridge/send/route";
import * as demo from "@/app/api/demo/[server]/route";
import * as lab from "@/app/api/lab/run/route";
import * as tokens from "@/app/api/tokens/route";
import { toNodeListener } from "@/lib/bridge/server/demo-http";

export { createPlaygroundServer } from "@/lib/bridge/server/http-server";
export { FRAME_HEADERS } from "@/lib/bridge/server/frame-headers";

const ROUTES: Record<string, (req: Request) => Promise<Response>> = {
  "POST /api/bridge/send": send.POST,
  "POST /api/bridge/cancel": cancel.POST,
  "POST /api/bridge/listen": listen.POST,
  "POST /api/bridge/process": processRoute.POST,
  "POST /api/lab/run": lab.POST,
  "POST /api/tokens": tokens.POST,
};
const DEMO_METHODS = new Set(["GET", "POST", "DELETE"]);
const DEMO_PATH = /^\/api\/demo\/([^/?#]+)$/;

function pathOf(url: string | undefined): string {
  const q = (url ?? "/").search(/[?#]/);
  return q === -1 ? (url ?? "/") : (url ?? "/").slice(0, q);
}

const listener = toNodeListener(async (req) => {
  const pathname = new URL(req.url).pathname;
  const demoMatch = DEMO_PATH.exec(pathname);
  if (demoMatch) {
    const ctx = { params: Promise.resolve({ server: decodeURIComponent(demoMatch[1]) }) };
    return demo[req.method as "GET" | "POST" | "DELETE"](req, ctx);
  }
  return ROUTES[`${req.method} ${pathname}`](req);
});

/** Answers the request when it is a bridge path; false when Next should. */
export function handleBridgeRequest(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  const pathname = pathOf(req.url);
  const method = req.method ?? "GET";
  if (!(`${method} ${pathname}` in ROUTES) && !(DEMO_METHODS.has(method) && DEMO_PATH.test(pathname))) return false;
  void listener(req, res);
  return true;
}
