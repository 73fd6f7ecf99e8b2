/**
 * The chapter's calendar behind bearer auth (an OAuth 2.1 resource server, SDK v2 handler behind it), plus
 * the audience lesson's two neighbours, all on one loopback listener next to the embedded authorization server:
 *   /calendar/mcp  validates issuer, audience (its own URL), expiry and scope; create_event needs calendar.write
 *   /second/mcp    the same software at another resource URL: a calendar token is refused (wrong audience)
 *   /naive/mcp     accepts any bearer token, even in the query string — why the audience rule exists
 * Each publishes RFC 9728 metadata at the path-aware well-known URL. Importable by the CLI and the tests.
 *
 * Every run gets its own listener and its own calendar (never the one /api/demo/calendar serves without a token:
 * what bearer, audience and scope guard must not be one unauthenticated URL away). The authorization server and
 * its client-metadata host are shared by the runs going on at once (one per process while any run lasts; its key
 * is made once per process), so a demo costs a listener, not a key pair and three servers.
 */
import { createMcpHandler } from "@modelcontextprotocol/server";
import { createRemoteJWKSet, jwtVerify, errors as joseErrors } from "jose";
import { listenOnLoopback, toNodeListener } from "@/lib/node/demo-servers/http";
import { calendarStore, createCalendarServer } from "./calendar";
import {
  CALENDAR_SCOPES,
  demoClientMetadataDocument,
  startDemoAuthorizationServer,
  type ResourceRegistry,
} from "./protected-auth-server";
import { startClientMetadataHost, type ClientMetadataHost } from "./client-metadata-host";

export type ProtectedKind = "calendar" | "second" | "naive";
const KINDS: ProtectedKind[] = ["calendar", "second", "naive"];

export interface ProtectedDemo {
  issuer: string;
  urls: Record<ProtectedKind, string>;
  /** The playground's client ID metadata document on its HTTPS loopback host (the one the AS may fetch). */
  clientMetadata: ClientMetadataHost;
  close(): Promise<void>;
}

const PRM_PREFIX = "/.well-known/oauth-protected-resource";

function challenge(prmUrl: string, scope: string, error?: { code: string; description: string }): string {
  const parts = [`resource_metadata="${prmUrl}"`, `scope="${scope}"`];
  if (error) parts.push(`error="${error.code}"`, `error_description="${error.description.replace(/["\\]/g, "")}"`);
  return `Bearer ${parts.join(", ")}`;
}

function refuse(
  status: number,
  prmUrl: string,
  scope: string,
  error?: { code: string; description: string },
): Response {
  return Response.json(
    {
      error: error?.code ?? "unauthorized",
      error_description: error?.description ?? "This MCP server needs a bearer token.",
    },
    { status, headers: { "WWW-Authenticate": challenge(prmUrl, scope, error) } },
  );
}

/** Does this JSON-RPC body call a tool that writes? (create_event is the calendar's one write.) */
function needsWrite(body: string): boolean {
  try {
    const frame = JSON.parse(body) as { method?: unknown; params?: { name?: unknown } };
    return frame.method === "tools/call" && frame.params?.name === "create_event";
  } catch {
    return false;
  }
}

function bearerOf(req: Request, url: URL, kind: ProtectedKind): string | undefined {
  const header = req.headers.get("authorization");
  const m = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (m) return m[1];
  // Only the naive server reads a token from the query string (the spec forbids it: URLs end up in logs).
  return kind === "naive" ? (url.searchParams.get("access_token") ?? undefined) : undefined;
}

interface SharedAuthorizationServer {
  issuer: string;
  resources: ResourceRegistry;
  clientMetadata: ClientMetadataHost;
  close(): Promise<void>;
}

let shared: { server: Promise<SharedAuthorizationServer>; users: number } | undefined;

async function startShared(): Promise<SharedAuthorizationServer> {
  const resources: ResourceRegistry = new Map();
  const clientMetadata = await startClientMetadataHost(demoClientMetadataDocument);
  const as = await startDemoAuthorizationServer(resources, clientMetadata).catch(async (e) => {
    await clientMetadata.close();
    throw e;
  });
  return {
    issuer: as.issuer,
    resources,
    clientMetadata,
    close: async () => {
      await as.close();
      await clientMetadata.close();
    },
  };
}

/** The authorization server the runs going on share: started by the first, closed when the last one ends. */
async function acquireAuthorizationServer(): Promise<{ server: SharedAuthorizationServer; release(): Promise<void> }> {
  const mine = (shared ??= { server: startShared(), users: 0 });
  mine.users++;
  let server: SharedAuthorizationServer;
  try {
    server = await mine.server;
  } catch (e) {
    if (--mine.users === 0 && shared === mine) shared = undefined;
    throw e;
  }
  let released = false;
  return {
    server,
    release: async () => {
      if (released) return;
      released = true;
      if (--mine.users > 0) return;
      if (shared === mine) shared = undefined;
      await server.close();
    },
  };
}

/** The protected resource metadata of one of the demo's resources (RFC 9728). */
function prmDocument(kind: ProtectedKind, resource: string, issuer: string) {
  return {
    resource,
    authorization_servers: [issuer],
    scopes_supported: [...CALENDAR_SCOPES],
    bearer_methods_supported: ["header"],
    resource_name:
      kind === "calendar"
        ? "The chapter's calendar (protected)"
        : kind === "second"
          ? "A second protected server"
          : "A naive server (accepts any token)",
  };
}

export async function startProtectedDemo(): Promise<ProtectedDemo> {
  const { server: as, release } = await acquireAuthorizationServer();
  const { resources, clientMetadata } = as;
  const calendar = createMcpHandler(() => createCalendarServer({ store: calendarStore() }));
  const jwks = createRemoteJWKSet(new URL(`${as.issuer}/jwks`));
  let origin = "";
  const resourceUrl = (kind: ProtectedKind) => `${origin}/${kind}/mcp`;
  const prmUrl = (kind: ProtectedKind) => `${origin}${PRM_PREFIX}/${kind}/mcp`;

  async function handle(req: Request): Promise<Response> {
    // toNodeListener fixes the authority to 127.0.0.1 (no port): only the path and query are read from it.
    const url = new URL(req.url);
    if (url.pathname.startsWith(PRM_PREFIX + "/")) {
      const kind = KINDS.find((k) => url.pathname === `${PRM_PREFIX}/${k}/mcp`);
      if (!kind) return Response.json({ error: "not_found" }, { status: 404 });
      return Response.json(prmDocument(kind, resourceUrl(kind), as.issuer));
    }
    const kind = KINDS.find((k) => url.pathname === `/${k}/mcp`);
    if (!kind) return Response.json({ error: "not_found" }, { status: 404 });
    // DNS-rebinding defence (streamable HTTP): a browser page of another origin gets 403 before auth is judged.
    const from = req.headers.get("origin");
    if (from !== null && from !== origin)
      return Response.json({ error: "forbidden", error_description: `Origin ${from} is not allowed` }, { status: 403 });
    const token = bearerOf(req, url, kind);
    if (!token) return refuse(401, prmUrl(kind), "calendar.read");
    let scopes: string[] = [];
    if (kind !== "naive") {
      try {
        const { payload } = await jwtVerify(token, jwks, {
          issuer: as.issuer,
          audience: resourceUrl(kind),
          typ: "at+jwt",
        });
        scopes = typeof payload.scope === "string" ? payload.scope.split(" ") : [];
      } catch (e) {
        const description =
          e instanceof joseErrors.JWTClaimValidationFailed && e.claim === "aud"
            ? `this token was issued for another audience, not ${resourceUrl(kind)}`
            : e instanceof joseErrors.JWTExpired
              ? "the token has expired"
              : `the token is not valid here (${(e as Error).message})`;
        return refuse(401, prmUrl(kind), "calendar.read", { code: "invalid_token", description });
      }
      if (!scopes.includes("calendar.read"))
        return refuse(403, prmUrl(kind), "calendar.read", {
          code: "insufficient_scope",
          description: "calendar.read is needed",
        });
    }
    const body = req.method === "POST" ? await req.text() : undefined;
    if (kind !== "naive" && body !== undefined && needsWrite(body) && !scopes.includes("calendar.write")) {
      return refuse(403, prmUrl(kind), CALENDAR_SCOPES.join(" "), {
        code: "insufficient_scope",
        description: "create_event needs calendar.write",
      });
    }
    const headers = new Headers(req.headers);
    headers.delete("authorization");
    headers.delete("content-length");
    return calendar.fetch(new Request(req.url, { method: req.method, headers, body, signal: req.signal }));
  }

  const listener = await listenOnLoopback(toNodeListener(handle)).catch(async (e) => {
    await release();
    throw e;
  });
  origin = listener.origin;
  for (const kind of KINDS) resources.set(resourceUrl(kind), { scopes: CALENDAR_SCOPES, name: kind });
  return {
    issuer: as.issuer,
    urls: { calendar: resourceUrl("calendar"), second: resourceUrl("second"), naive: resourceUrl("naive") },
    clientMetadata,
    close: async () => {
      for (const kind of KINDS) resources.delete(resourceUrl(kind));
      await listener.close();
      await calendar.close();
      await release();
    },
  };
}
