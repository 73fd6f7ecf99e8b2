/**
 * The playground's one HTTP program, in every mode (`npm run dev`, `npm start`, hosted, the image; scripts/server.ts
 * runs it): a Hono app holding the bridge's routes (routes.ts, the browser sign-in's among them) and the build's
 * static assets, with every other path handed to Next, which renders pages only. In front of it, on node:http, the
 * front door:
 * - counts the request in flight until its reply is written (what a drain waits for, lifecycle.ts) and, while
 *   draining, closes each connection after its reply;
 * - sends FRAME_HEADERS with every answer (routes, assets, pages, refusals);
 * - answers a service worker's script request with one that unregisters it (unregisterWorker, below), and in local
 *   mode moves a page address on 127.0.0.1 (or an earlier launch's name) to this launch's own origin (guards.ts
 *   launchRedirect, moveToLaunch below);
 * - refuses a Host that is not ours or a foreign Origin (DNS rebinding) before anything is parsed or read; only
 *   the probes (a balancer's own Host) and the hashed build assets (no secret) skip it.
 * A route reads its body only after its guards and admission, never past its limit (route-glue.ts, demo-http.ts);
 * what it leaves unread is drained by @hono/node-server without being kept.
 * The JSON fast path: a POST to a whole-JSON route (route-glue.ts jsonRoute: send, cancel, process, lab, tokens, …)
 * with a declared body length is carried by the front door on node:http itself (call-request.ts fromNode,
 * writeJsonReply): the same route, guards, limits and metrics, without a Request, a Response or Hono's dispatch per
 * call. Everything else (streams, pages, assets, a chunked body) goes through the Hono app.
 */
import { randomBytes } from "node:crypto";
import type http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { getRequestListener, type HttpBindings } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import compression from "compression";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { Hono, type Context } from "hono";
import { NONCE_HEADER, PAGE_HEADER, encodePageKind } from "@/lib/bridge/page-kind";
import { declaresLength, fromNode, nodeHeaders, writeJsonReply } from "../web/call-request";
import type { JsonCall } from "../web/route-glue";
import { FRAME_HEADERS, pageSecurityPolicy } from "../web/frame-headers";
import { checkPageHeaders, launchRedirect, pageFor } from "../web/guards";
import { callEnded, callStarted, isDraining } from "../web/lifecycle";
import { observed } from "../web/observe";
import { overwriteHeaders } from "../web/peer";
import { ROUTES, type Route } from "./routes";
import { installGalleryReplays } from "../cassette/replays";

/** Next's request handler (`next({ dev }).getRequestHandler()`). */
export type PageHandler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;

export interface PlaygroundAppOptions {
  /** Renders every path the app does not answer itself; without it (tests) such paths answer 404. */
  pages?: PageHandler;
  /** The build's `.next` folder: /_next/static/** is served from it (absent in dev: Next serves its own). */
  nextDir?: string;
  /** A Link header value for the playground page (the editor's chunks: scripts/static-assets.mjs). */
  editorPreload?: string;
  /** Next in development mode: the pages' script policy allows what React's dev tooling needs. */
  dev?: boolean;
}

type Env = { Bindings: HttpBindings };

const YEAR = "public, max-age=31536000, immutable";
/** What scripts/precompress.mjs keeps .br/.gz copies of. */
const COMPRESSIBLE = /\.(js|css|json|map|svg|txt)$/;

/** The metrics' route label: one label for every embedded server, so the label set stays bounded. */
const routeLabel = (method: string, routePath: string) =>
  routePath.startsWith("/api/demo/") ? `${method} /api/demo/*` : `${method} ${routePath}`;

/**
 * The page's answer compressed for what the browser offers: brotli first (quality 5: ~8 % smaller than 4 at the same
 * few ms for the 86–111 KB page; 6 and up cost 2–10× the time for 1 % more),
 * then gzip or deflate, `br` alone included (Next's own compression, off in next.config.ts, knew gzip and deflate
 * only: a br-only client got the page whole). Streamed pieces are flushed as Next writes them.
 */
const compressPage = compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } } });
function compressed(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  return new Promise((resolve, reject) => compressPage(req, res, (err) => (err ? reject(err) : resolve())));
}

const noRoute = (c: Context<Env>) =>
  c.json({ ok: false, kind: "bad-request", message: `no route ${c.req.method} ${c.req.path}` }, 404);

export function createPlaygroundApp(options: PlaygroundAppOptions = {}): Hono<Env> {
  const app = new Hono<Env>();
  // The page's "replay of …" targets answer from the gallery's recordings (the bridge's replay transport).
  installGalleryReplays();

  /** Hands the request to Next, which renders the page (404 without a renderer: the tests' app). */
  const renderPage = async (c: Context<Env>) => {
    if (!options.pages || !c.env?.incoming) return noRoute(c);
    const { incoming, outgoing } = c.env;
    // The page's kind (refused, playground) is the server's decision; no client may send it.
    const page = pageFor(c.req.raw.headers);
    // A fresh script nonce per answer: Next reads it from the request's policy (and puts it on its scripts), the
    // layout from NONCE_HEADER; the browser gets the same policy.
    const nonce = randomBytes(16).toString("base64");
    const policy = pageSecurityPolicy(nonce);
    overwriteHeaders(incoming, {
      [PAGE_HEADER]: encodePageKind(page),
      [NONCE_HEADER]: nonce,
      "content-security-policy": policy,
    });
    outgoing.setHeader("Content-Security-Policy", policy);
    // Only a browser that gets the playground is sent the editor's preload: a refusal has no editor.
    if (options.editorPreload && page.kind === "playground" && c.req.method === "GET" && c.req.path === "/")
      outgoing.setHeader("Link", options.editorPreload);
    await compressed(incoming, outgoing);
    await options.pages(incoming, outgoing);
    return RESPONSE_ALREADY_SENT;
  };

  // The build's files are only ever read: any other method is refused here (Next answered a POST with a 500).
  app.on(["POST", "PUT", "DELETE", "PATCH", "OPTIONS"], "/_next/static/*", (c) =>
    c.json(
      { ok: false, kind: "bad-request", message: `${c.req.method} is not allowed on the build's files: GET or HEAD` },
      405,
      { Allow: "GET, HEAD", "Cache-Control": "no-store" },
    ),
  );

  if (options.nextDir) {
    const staticRoot = path.join(options.nextDir, "static");
    // The build's hashed files: its brotli or gzip copy when the browser takes one, cached for a year.
    app.use("/_next/static/*", async (c, next) => {
      await next();
      // A file the build does not have went on to Next (which answered itself).
      if (c.res === RESPONSE_ALREADY_SENT || (c.res.status !== 200 && c.res.status !== 206)) return;
      c.res.headers.set("Cache-Control", YEAR);
      if (COMPRESSIBLE.test(c.req.path)) c.res.headers.set("Vary", "Accept-Encoding");
    });
    app.use(
      "/_next/static/*",
      serveStatic({
        root: staticRoot,
        precompressed: true,
        rewriteRequestPath: (p) => p.slice("/_next/static".length),
      }),
    );
  }

  for (const route of ROUTES) {
    const handler = route.probe
      ? route.handler
      : observed(routeLabel(route.method, route.path), async (req: Request, params: Record<string, string>) =>
          route.handler(req, params),
        );
    app.on(route.method, route.path, (c) => handler(c.req.raw, c.req.param()));
  }

  app.all("*", (c) => {
    // A page is only ever read. Any other method is refused before the renderer, which would answer without reading
    // the body and then hang half-written while the client still sends; the body left unread is drained (at most
    // briefly) and the connection closed. An /api/ path no route answers is no page: 404, never rendered. (The app has
    // no server actions, which would POST to a page; Next's own /_next/ and /__nextjs paths are left to it.)
    const { method, path: pathname } = c.req;
    if (method === "GET" || method === "HEAD" || pathname.startsWith("/_next/") || pathname.startsWith("/__nextjs"))
      return renderPage(c);
    if (pathname.startsWith("/api/")) return noRoute(c);
    return c.json({ ok: false, kind: "bad-request", message: `${method} is not allowed on a page: GET or HEAD` }, 405, {
      Allow: "GET, HEAD",
      "Cache-Control": "no-store",
      Connection: "close",
    });
  });

  return app;
}

/** The paths a host or a browser's cache reaches without the page guards: probes and hashed build assets. */
function skipsFrontDoor(method: string | undefined, url: string | undefined): boolean {
  const pathname = (url ?? "/").split(/[?#]/, 1)[0];
  if (pathname.startsWith("/_next/static/")) return true;
  return method === "GET" && (pathname === "/api/health" || pathname === "/api/ready" || pathname === "/api/metrics");
}

function refuse(
  res: http.ServerResponse,
  url: string | undefined,
  refusal: { kind: string; message: string; status: number },
): void {
  // A route's refusal reads like every bridge refusal; a page's says it was refused.
  const isRoute = (url ?? "").startsWith("/api/");
  const text = JSON.stringify({
    ok: false,
    kind: refusal.kind,
    message: isRoute ? refusal.message : `refused: ${refusal.message}`,
  });
  res.writeHead(refusal.status, {
    "Content-Type": "application/json",
    "Cache-Control": "no-store",
    "Content-Length": Buffer.byteLength(text),
  });
  res.end(text);
}

/**
 * The playground registers no service worker, so a browser asking for a worker's script (`Service-Worker: script`,
 * which only a registration or its update check sends; any path, any Host) is checking on one an earlier holder of
 * this address left behind (issue 43 item 1). The answer removes it: `Clear-Site-Data: "storage"` unregisters it,
 * and the script itself, installed as the update, unregisters its registration too (a browser that ignores the header
 * on a worker's script still runs it). Nothing of the playground is in it.
 */
export const WORKER_SCRIPT =
  'self.addEventListener("install",function(){self.skipWaiting()});' +
  'self.addEventListener("activate",function(e){e.waitUntil(self.registration.unregister())});\n';

function unregisterWorker(res: http.ServerResponse): void {
  res.writeHead(200, {
    "Content-Type": "text/javascript",
    "Cache-Control": "no-store",
    "Clear-Site-Data": '"storage"',
    "Content-Length": Buffer.byteLength(WORKER_SCRIPT),
  });
  res.end(WORKER_SCRIPT);
}

/**
 * A page address that is not this launch's (guards.ts launchRedirect): a small page on that address that moves to the
 * same path on the launch's origin, the #fragment kept (a link's payload). A page, not a 307: a service worker an
 * earlier holder of the address left is checked for an update only when a navigation commits on its origin, and the
 * update check is what removes it (unregisterWorker). It holds the launch's address only, no credential.
 */
function moveToLaunch(res: http.ServerResponse, location: string): void {
  const nonce = randomBytes(16).toString("base64");
  const to = JSON.stringify(location).replace(/</g, "\\u003c");
  const href = location.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  const html =
    '<!doctype html><meta charset="utf-8"><title>MCP Playground</title>' +
    `<p><a href="${href}">MCP Playground: this launch's address</a></p>` +
    `<script nonce="${nonce}">location.replace(${to}+location.hash)</script>\n`;
  res.writeHead(200, {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
    "Content-Security-Policy": `default-src 'none'; script-src 'nonce-${nonce}'; frame-ancestors 'none'; base-uri 'none'`,
    "Referrer-Policy": "no-referrer",
    "Content-Length": Buffer.byteLength(html),
  });
  res.end(html);
}

type NodeCall = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<unknown>;

/** The JSON fast path's table: each whole-JSON POST route by its exact path, run on node:http (observed as in the app). */
function jsonFastPaths(routes: readonly Route[]): Map<string, NodeCall> {
  const table = new Map<string, NodeCall>();
  for (const route of routes) {
    const jsonCall = (route.handler as { jsonCall?: JsonCall }).jsonCall;
    if (route.method !== "POST" || route.probe || !jsonCall || route.path.includes(":")) continue;
    table.set(
      route.path,
      observed(routeLabel(route.method, route.path), async (req: http.IncomingMessage, res: http.ServerResponse) => {
        const reply = await jsonCall(fromNode(req, res));
        writeJsonReply(req, res, reply);
        return reply;
      }),
    );
  }
  return table;
}

/** The node:http listener of the playground: the front door (above), then the JSON fast path or the app. */
export function createPlaygroundListener(options: PlaygroundAppOptions = {}): http.RequestListener {
  const app = createPlaygroundApp(options);
  const answer = getRequestListener(app.fetch);
  const fast = jsonFastPaths(ROUTES);
  return (req, res) => {
    callStarted();
    res.once("close", callEnded);
    // A draining instance winds its keep-alive connections down, so the balancer's next call opens a new one elsewhere.
    if (isDraining()) res.setHeader("Connection", "close");
    for (const [name, value] of Object.entries(FRAME_HEADERS)) res.setHeader(name, value);
    if (req.headers["service-worker"] === "script") return unregisterWorker(res);
    const moved = launchRedirect(req.method, req.url, req.headers.host ?? null);
    if (moved) return moveToLaunch(res, moved);
    if (!skipsFrontDoor(req.method, req.url)) {
      const refused = checkPageHeaders(nodeHeaders(req.rawHeaders));
      if (refused) return refuse(res, req.url, refused);
    }
    const jsonCall = req.method === "POST" ? fast.get(req.url ?? "") : undefined;
    if (jsonCall && declaresLength(req))
      return void jsonCall(req, res).catch((e: unknown) => {
        console.error("bridge route failed", e);
        res.destroy();
      });
    void answer(req, res);
  };
}
