/**
 * The bridge's HTTP API (the route table in ./bridge-routes.ts: the same handlers as app/api/bridge/*,
 * app/api/lab/run, app/api/tokens and app/api/demo/[server]) as one plain node:http listener, bundled by scripts/build-servers.mjs into
 * dist-servers/bridge.mjs.
 * scripts/serve.mjs answers those paths with it and hands every other path to Next: a bridge call then skips
 * Next's per-request pipeline, which costs several milliseconds per call (bench/README.md), while the guards,
 * limits and handlers are exactly the ones the routes run.
 */
import type http from "node:http";
import { toNodeListener } from "@/lib/bridge/server/demo-http";
import { bridgeRoute } from "./bridge-routes";

export { createPlaygroundServer } from "@/lib/bridge/server/http-server";
export { FRAME_HEADERS } from "@/lib/bridge/server/frame-headers";

function pathOf(url: string | undefined): string {
  const q = (url ?? "/").search(/[?#]/);
  return q === -1 ? (url ?? "/") : (url ?? "/").slice(0, q);
}

const listener = toNodeListener(async (req) => bridgeRoute(req.method, new URL(req.url).pathname)!(req));

/** Answers the request when it is a bridge path; false when Next should. */
export function handleBridgeRequest(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  if (!bridgeRoute(req.method ?? "GET", pathOf(req.url))) return false;
  void listener(req, res);
  return true;
}
