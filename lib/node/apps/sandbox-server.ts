/**
 * The app sandbox's own origin: a second listener (its own port) that serves the proxy page and the app documents
 * and nothing else (sandbox-page.ts says how they fit). A different port is a different origin whether the
 * playground is opened as 127.0.0.1 or localhost, which a localhost-vs-127.0.0.1 split would not guarantee. Started
 * once per process by whichever asks first: the server's start (scripts/server.ts, with the address it binds) or
 * POST /api/apps/sandbox.
 *   GET /sandbox.html?host=<the playground's origin>  the proxy page (400 unless host is the playground's origin)
 *   POST /app {html, csp, host}                        from the proxy page only (its own origin); 201 {path}
 *   GET /app/<id>                                      that app document, once, with the app's CSP as a header
 * Hosted deployments set PLAYGROUND_APPS_SANDBOX_PORT (a port they expose) and PLAYGROUND_APPS_SANDBOX_ORIGIN (its
 * public origin); the listener then binds the address the playground binds.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { checkHost, LOOPBACK_HOSTNAMES } from "@/lib/node/web/guards";
import { isHosted } from "@/lib/node/bridge/target-policy";
import { appDocument, appPolicy, proxyPolicy, SANDBOX_PAGE } from "./sandbox-page";
import { APP_DOCUMENT_LIMITS, AppDocumentStore } from "./sandbox-store";

export interface AppsSandbox {
  origin: string;
  port: number;
  /** The address it listens on. */
  address: string;
  close(): Promise<void>;
}

/** This process's sandbox listener, once asked for. */
let started: Promise<AppsSandbox> | undefined;

export const APPS_SANDBOX_UNCONFIGURED =
  "hosted mode renders MCP Apps only when PLAYGROUND_APPS_SANDBOX_PORT and PLAYGROUND_APPS_SANDBOX_ORIGIN name an exposed port and its public origin";

const LOOPBACK_HOSTS = /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/i;
const COMMON = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer" };

interface Context {
  origin: string;
  hosted: boolean;
  store: AppDocumentStore;
}

function text(res: http.ServerResponse, status: number, body: string) {
  res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", ...COMMON }).end(`${body}\n`);
}

/** The playground's own page origin (what may frame the proxy): a name its Host guard answers, on its port. */
export function isPlaygroundOrigin(origin: string, hosted = isHosted()): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin !== origin || (url.protocol !== "http:" && url.protocol !== "https:")) return false;
  if (checkHost(url.host) !== null) return false;
  const loopback = (LOOPBACK_HOSTNAMES as readonly string[]).includes(url.hostname);
  const port = process.env.PORT;
  return hosted || !loopback || !port || (url.port || "80") === port;
}

/** The proxy page's own origin (the configured one, or a loopback name on the sandbox's port in local mode). */
function isSandboxOrigin(origin: string | undefined, ctx: Context, port: number): boolean {
  if (!origin) return false;
  if (origin === ctx.origin) return true;
  return !ctx.hosted && LOOPBACK_HOSTS.test(origin.replace(/^http:\/\//, "")) && origin.endsWith(`:${port}`);
}

function readBody(req: http.IncomingMessage, max: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > max) {
        // Read no further (the rest is drained unread) and answer 413.
        req.removeAllListeners("data");
        req.resume();
        resolve(undefined);
      } else chunks.push(c);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

async function postApp(req: http.IncomingMessage, res: http.ServerResponse, ctx: Context, port: number) {
  if (!isSandboxOrigin(req.headers.origin, ctx, port) || req.headers["sec-fetch-site"] === "cross-site")
    return text(res, 403, "refused: only the app sandbox's own page may store an app document");
  const body = await readBody(req, APP_DOCUMENT_LIMITS.maxBytes + 64 * 1024);
  if (body === undefined)
    return text(res, 413, `too large: an app document is at most ${APP_DOCUMENT_LIMITS.maxBytes} bytes`);
  let input: { html?: unknown; csp?: unknown; host?: unknown };
  try {
    input = JSON.parse(body) as typeof input;
  } catch {
    return text(res, 400, "bad request: the body is not JSON");
  }
  if (typeof input.html !== "string" || typeof input.host !== "string" || !isPlaygroundOrigin(input.host))
    return text(res, 400, "bad request: expected {html, csp, host} with host the playground's origin");
  const id = ctx.store.put(appDocument(input.html, ctx.origin), input.csp, input.host);
  res.writeHead(201, { "Content-Type": "application/json", ...COMMON }).end(JSON.stringify({ path: `/app/${id}` }));
}

function getApp(res: http.ServerResponse, ctx: Context, id: string) {
  const doc = ctx.store.take(id);
  if (!doc) return text(res, 404, "not found: an app document is served once, within a minute of being stored");
  res.writeHead(200, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": appPolicy(doc.csp, ctx.origin, doc.host),
    ...COMMON,
  });
  res.end(doc.html);
}

function answer(req: http.IncomingMessage, res: http.ServerResponse, ctx: Context, port: number) {
  const url = new URL(req.url ?? "/", "http://sandbox.invalid");
  // A rebinding page gets nothing from a name it controls (the page holds no secret, but it is ours to serve).
  if (!ctx.hosted && !LOOPBACK_HOSTS.test(req.headers.host ?? ""))
    return text(res, 421, "misdirected: the app sandbox answers loopback names only");
  const get = req.method === "GET" || req.method === "HEAD";
  if (get && url.pathname === "/sandbox.html") {
    const host = url.searchParams.get("host") ?? "";
    if (!isPlaygroundOrigin(host))
      return text(res, 400, "bad request: the app sandbox is framed by the playground only (?host= names its origin)");
    res.writeHead(200, {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": proxyPolicy(host),
      ...COMMON,
    });
    return res.end(req.method === "HEAD" ? undefined : SANDBOX_PAGE);
  }
  if (req.method === "POST" && url.pathname === "/app") return void postApp(req, res, ctx, port).catch(() => {});
  const m = /^\/app\/([A-Za-z0-9_-]{1,64})$/.exec(url.pathname);
  if (req.method === "GET" && m) return getApp(res, ctx, m[1]);
  text(res, 404, "not found: the app sandbox serves /sandbox.html and /app/<id> only");
}

/**
 * Where the listener binds: in hosted mode the address the playground resolved and passed (scripts/server.ts);
 * locally loopback (::1 when the playground binds it). A caller that names no address gets loopback: the sandbox
 * never derives an every-address default of its own.
 */
function bindAddress(hosted: boolean, host: string | undefined): string {
  if (hosted && host) return host;
  return host === "::1" ? "::1" : "127.0.0.1";
}

function listen(options: { host?: string }): Promise<AppsSandbox> {
  const hosted = isHosted();
  // A shared deployment's browsers cannot reach a loopback port of the pod: without a public origin, no sandbox.
  if (hosted && !process.env.PLAYGROUND_APPS_SANDBOX_ORIGIN)
    return Promise.reject(new Error(APPS_SANDBOX_UNCONFIGURED));
  const port = Number(process.env.PLAYGROUND_APPS_SANDBOX_PORT ?? 0);
  const host = bindAddress(hosted, options.host);
  const ctx: Context = { origin: "", hosted, store: new AppDocumentStore() };
  const server = http.createServer((req, res) => answer(req, res, ctx, (server.address() as AddressInfo).port));
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  server.keepAliveTimeout = 5_000;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.unref();
      const actual = (server.address() as AddressInfo).port;
      const name = host === "::1" ? "[::1]" : "127.0.0.1";
      ctx.origin = process.env.PLAYGROUND_APPS_SANDBOX_ORIGIN || `http://${name}:${actual}`;
      resolve({
        origin: ctx.origin,
        port: actual,
        address: host,
        close: () => new Promise<void>((r) => server.close(() => r())),
      });
    });
  });
}

/** The sandbox listener of this process, started on first call (later calls share it, whatever they pass). */
export function startAppsSandbox(options: { host?: string } = {}): Promise<AppsSandbox> {
  started ??= listen(options).catch((e: unknown) => {
    started = undefined;
    throw e;
  });
  return started;
}
