/**
 * The embedded authorization server: oidc-provider 9 on its own loopback listener, keys generated at start.
 * Authorization code + PKCE S256 only (public clients must use PKCE; the library supports S256 alone),
 * resource indicators (RFC 8707) minting audience-bound JWT access tokens, `iss` in every authorization
 * response (RFC 9207), refresh tokens, scopes calendar.read / calendar.write, one pre-registered public client,
 * client ID metadata documents (the 2026-07-28 default; fetched only from the playground's own HTTPS loopback
 * host, see ./client-metadata-host), dynamic registration left on (the 2026-07-28 spec deprecates it; the flow
 * shows it as such), and a demo user with a server-rendered, escaped login and consent page.
 *
 * Its own listener rather than a Next route: oidc-provider is a Koa app that owns its routing, cookies and
 * redirects, and its issuer must be a stable origin; a loopback port started on first use gives both, in the
 * CLI, the tests and the app alike. State lives in PlaygroundMemoryAdapter below: one process, one AS.
 */
import http from "node:http";
import https from "node:https";
import { generateKeyPair, randomBytes, type KeyObject } from "node:crypto";
import { promisify } from "node:util";
import type { AddressInfo } from "node:net";
import type { Adapter, AdapterPayload, Configuration, KoaContextWithOIDC, default as Provider } from "oidc-provider";
import { DEMO_USER } from "@/lib/auth/demo-user";

export { DEMO_USER };
export const DEMO_CLIENT_ID = "mcp-playground-demo";
/**
 * Loopback redirect URIs: native clients may use any port on these (RFC 8252 §7.3). /callback is the CLI's
 * one-shot listener; /api/auth/callback is the playground's callback page (a person's sign-in in a browser tab).
 */
export const DEMO_REDIRECT_URIS = [
  "http://127.0.0.1/callback",
  "http://localhost/callback",
  "http://127.0.0.1/api/auth/callback",
  "http://localhost/api/auth/callback",
];
export const CALENDAR_SCOPES = ["calendar.read", "calendar.write"] as const;

/** The playground's client ID metadata document: the pre-registered client's metadata, with its URL as client_id. */
export function demoClientMetadataDocument(clientId: string): Record<string, unknown> {
  return {
    client_id: clientId,
    client_name: "MCP Playground (client ID metadata document)",
    application_type: "native",
    token_endpoint_auth_method: "none",
    redirect_uris: DEMO_REDIRECT_URIS,
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
  };
}

/** The one origin whose client ID metadata documents this AS fetches, and the certificate it trusts there. */
export interface TrustedMetadataHost {
  origin: string;
  ca: string;
}

const DOCUMENT_LIMIT = 16 * 1024;

/**
 * oidc-provider's `fetch` for client ID metadata documents: allowFetch has already limited the URL to the
 * trusted host's origin; this GETs it over TLS trusting only that host's certificate, bounded in time and size.
 */
function fetchFromTrustedHost(host: TrustedMetadataHost) {
  return (url: URL | string, options: { signal?: AbortSignal; headers?: Headers }): Promise<Response> =>
    new Promise((resolve, reject) => {
      const target = new URL(String(url));
      if (target.origin !== host.origin) return reject(new Error(`refusing to fetch ${target.origin}`));
      const req = https.get(
        target,
        { ca: host.ca, signal: options.signal, headers: { accept: "application/json" } },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on("data", (chunk: Buffer) => {
            size += chunk.length;
            if (size > DOCUMENT_LIMIT) return req.destroy(new Error("client metadata document too large"));
            chunks.push(chunk);
          });
          res.on("end", () => {
            const headers = new Headers();
            for (const [k, v] of Object.entries(res.headers)) if (typeof v === "string") headers.set(k, v);
            resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 502, headers }));
          });
          res.on("error", reject);
        },
      );
      req.on("error", reject);
    });
}

export interface DemoAuthorizationServer {
  issuer: string;
  close(): Promise<void>;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}label{display:block;margin:.6rem 0}
input[type=text],input[type=password]{width:100%;padding:.4rem}button{padding:.5rem 1rem;margin-top:.8rem}code{background:#eee;padding:0 .2rem}</style>
</head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

async function readForm(req: http.IncomingMessage, limit = 8192): Promise<URLSearchParams> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new Error("form too large");
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

/**
 * `redirectTo`: the client's redirect URI (already checked against its registration by oidc-provider). Browsers
 * apply form-action to the redirects after a form POST too, and Allow ends in a redirect to the client's callback.
 */
function sendHtml(res: http.ServerResponse, status: number, html: string, redirectTo?: unknown): void {
  const callbackOrigin =
    typeof redirectTo === "string" && URL.canParse(redirectTo) ? ` ${new URL(redirectTo).origin}` : "";
  res.writeHead(status, {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
    "content-security-policy": `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'${callbackOrigin}`,
  });
  res.end(html);
}

/** resource URL → what the AS mints for it; set by the protected servers before any token is asked for. */
export type ResourceRegistry = Map<string, { scopes: readonly string[]; name: string }>;

async function interaction(provider: Provider, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const [, , uid, action] = url.pathname.split("/");
  const details = await provider.interactionDetails(req, res);
  if (details.uid !== uid)
    return sendHtml(res, 400, page("Wrong interaction", "<p>This page does not belong to the current sign-in.</p>"));
  const action0 = `/interaction/${escapeHtml(uid)}`;
  const { prompt, params } = details;
  const client = await provider.Client.find(String(params.client_id));
  const clientName = client?.clientName ?? String(params.client_id);

  if (req.method === "GET") {
    if (prompt.name === "login") {
      return sendHtml(
        res,
        200,
        page(
          "Sign in to the demo authorization server",
          `<p><strong>${escapeHtml(clientName)}</strong> wants to reach a protected MCP server for you.</p>
<p>Demo user: <code>${DEMO_USER.login}</code>, password <code>${DEMO_USER.password}</code>.</p>
<form method="post" action="${action0}/login" data-testid="auth-login-form">
<label>User <input type="text" name="login" autocomplete="username" required data-testid="auth-login-user"></label>
<label>Password <input type="password" name="password" autocomplete="current-password" required data-testid="auth-login-password"></label>
<button type="submit" data-testid="auth-login-submit">Sign in</button></form>`,
        ),
        params.redirect_uri,
      );
    }
    const missing = (prompt.details.missingResourceScopes ?? {}) as Record<string, string[]>;
    const items = Object.entries(missing)
      .map(
        ([resource, scopes]) =>
          `<li>${escapeHtml(resource)}: ${scopes.map((s) => `<code>${escapeHtml(s)}</code>`).join(", ")}</li>`,
      )
      .join("");
    return sendHtml(
      res,
      200,
      page(
        "Allow access?",
        `<p><strong>${escapeHtml(clientName)}</strong> asks for:</p><ul>${items || "<li>(nothing new)</li>"}</ul>
<form method="post" action="${action0}/confirm"><button type="submit" data-testid="auth-consent-allow">Allow</button></form>
<form method="post" action="${action0}/abort"><button type="submit" data-testid="auth-consent-deny">Deny</button></form>`,
      ),
      params.redirect_uri,
    );
  }
  if (req.method !== "POST") return sendHtml(res, 405, page("Method not allowed", ""));
  const form = await readForm(req);
  if (action === "login") {
    if (form.get("login") !== DEMO_USER.login || form.get("password") !== DEMO_USER.password) {
      return sendHtml(
        res,
        401,
        page("Sign-in failed", `<p>Wrong user or password. <a href="${action0}">Try again</a>.</p>`),
      );
    }
    return void (await provider.interactionFinished(
      req,
      res,
      { login: { accountId: DEMO_USER.accountId } },
      { mergeWithLastSubmission: false },
    ));
  }
  if (action === "confirm") {
    const accountId = details.session?.accountId;
    if (!accountId) return sendHtml(res, 400, page("Not signed in", ""));
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId, clientId: String(params.client_id) });
    if (!grant) return sendHtml(res, 400, page("Grant expired", ""));
    const d = prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (d.missingOIDCScope) grant.addOIDCScope(d.missingOIDCScope.join(" "));
    if (d.missingOIDCClaims) grant.addOIDCClaims(d.missingOIDCClaims);
    for (const [resource, scopes] of Object.entries(d.missingResourceScopes ?? {}))
      grant.addResourceScope(resource, scopes.join(" "));
    const grantId = await grant.save();
    return void (await provider.interactionFinished(
      req,
      res,
      { consent: details.grantId ? {} : { grantId } },
      { mergeWithLastSubmission: true },
    ));
  }
  if (action === "abort") {
    return void (await provider.interactionFinished(
      req,
      res,
      { error: "access_denied", error_description: "The user denied access." },
      { mergeWithLastSubmission: false },
    ));
  }
  sendHtml(res, 404, page("Not found", ""));
}

/**
 * oidc-provider's storage, kept in this process's memory on purpose: the demo's grants, codes and tokens live for
 * minutes, belong to a demo user, and must be gone after a restart; nothing is shared between instances because a
 * headless demo runs start to end on one instance (a browser sign-in is routed to its instance). Written out (rather
 * than the library's default, which warns that it is for development only) so the choice and its bounds are ours:
 * at most MAX_STORED entries (the oldest go first), each forgotten at its expiry.
 */
const MAX_STORED = 10_000;
const stored = new Map<string, { payload: AdapterPayload; expiresAt: number }>();

class PlaygroundMemoryAdapter implements Adapter {
  constructor(private readonly model: string) {}
  private key(id: string): string {
    return `${this.model}:${id}`;
  }
  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const key = this.key(id);
    stored.delete(key); // re-inserted last: the Map's order is the eviction order
    stored.set(key, { payload, expiresAt: Date.now() + expiresIn * 1000 });
    if (payload.grantId)
      stored.set(`grant:${payload.grantId}:${key}`, {
        payload: { key } as AdapterPayload,
        expiresAt: Date.now() + expiresIn * 1000,
      });
    while (stored.size > MAX_STORED) stored.delete(stored.keys().next().value!);
  }
  async find(id: string): Promise<AdapterPayload | undefined> {
    const entry = stored.get(this.key(id));
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      stored.delete(this.key(id));
      return undefined;
    }
    return entry.payload;
  }
  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    for (const [key, entry] of stored)
      if (key.startsWith(`${this.model}:`) && entry.payload.userCode === userCode)
        return this.find(key.slice(this.model.length + 1));
    return undefined;
  }
  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    for (const [key, entry] of stored)
      if (key.startsWith(`${this.model}:`) && entry.payload.uid === uid)
        return this.find(key.slice(this.model.length + 1));
    return undefined;
  }
  async consume(id: string): Promise<void> {
    const entry = stored.get(this.key(id));
    if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
  }
  async destroy(id: string): Promise<void> {
    stored.delete(this.key(id));
  }
  async revokeByGrantId(grantId: string): Promise<void> {
    const prefix = `grant:${grantId}:`;
    for (const key of [...stored.keys()])
      if (key.startsWith(prefix)) {
        stored.delete((stored.get(key)!.payload as { key?: string }).key ?? "");
        stored.delete(key);
      }
  }
}

type OidcModule = typeof import("oidc-provider");
let oidcModule: Promise<OidcModule> | undefined;

/**
 * oidc-provider, loaded on the first Auth use rather than at every start. On Node 20 its import prints "Unsupported
 * runtime. Use Node.js v22.x LTS": its authors test Node 22 and later, while this playground supports Node 20.19+
 * and runs its own auth tests on it (README, Security). That one line is dropped, nothing else it prints.
 */
function loadOidcProvider(): Promise<OidcModule> {
  oidcModule ??= (async () => {
    const warn = console.warn;
    console.warn = (...args: unknown[]) => {
      if (typeof args[0] === "string" && args[0].startsWith("oidc-provider WARNING: Unsupported runtime.")) return;
      warn(...args);
    };
    try {
      return await import("oidc-provider");
    } finally {
      console.warn = warn;
    }
  })();
  return oidcModule;
}

let signingKey: Promise<Record<string, unknown>> | undefined;

/**
 * The RS256 signing key, made once per process off the main thread (a 2048-bit RSA key costs ~0.4 s of CPU: made
 * per demo, synchronously, it stalled every other client of the instance).
 */
function signingJwk(): Promise<Record<string, unknown>> {
  signingKey ??= promisify(generateKeyPair)("rsa", { modulusLength: 2048 }).then(
    ({ privateKey }: { privateKey: KeyObject }) => ({
      ...privateKey.export({ format: "jwk" }),
      kid: randomBytes(8).toString("hex"),
      use: "sig",
      alg: "RS256",
    }),
  );
  signingKey.catch(() => (signingKey = undefined));
  return signingKey;
}

/**
 * Starts the authorization server on 127.0.0.1:<free port>. `resources` may gain entries after start. With
 * `metadataHost` it accepts client ID metadata documents, fetched from that origin only (no SSRF from the AS).
 */
export async function startDemoAuthorizationServer(
  resources: ResourceRegistry,
  metadataHost?: TrustedMetadataHost,
): Promise<DemoAuthorizationServer> {
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const jwk = await signingJwk();
  const { default: OidcProvider, errors: oidcErrors } = await loadOidcProvider();

  const configuration: Configuration = {
    clients: [
      {
        client_id: DEMO_CLIENT_ID,
        client_name: "MCP Playground (demo client)",
        application_type: "native",
        token_endpoint_auth_method: "none",
        redirect_uris: DEMO_REDIRECT_URIS,
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
      },
    ],
    jwks: { keys: [jwk as never] },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    findAccount: async (_ctx, sub) =>
      sub === DEMO_USER.accountId ? { accountId: sub, claims: async () => ({ sub, name: DEMO_USER.name }) } : undefined,
    interactions: { url: (_ctx, i) => `/interaction/${i.uid}` },
    pkce: { required: () => true },
    responseTypes: ["code"],
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    ttl: { AccessToken: 600, AuthorizationCode: 60, Interaction: 600, Session: 3600, Grant: 3600, RefreshToken: 3600 },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      clientIdMetadataDocument: {
        enabled: metadataHost !== undefined,
        ack: "draft-02",
        allowFetch: async (_ctx, clientId) =>
          metadataHost !== undefined && new URL(clientId).origin === metadataHost.origin,
        allowClient: async () => true,
      },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: async (_ctx, _client, oneOf) => oneOf ?? undefined!,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, indicator) => {
          const known = resources.get(indicator);
          if (!known) throw new oidcErrors.InvalidTarget(`unknown resource ${indicator}`);
          return {
            scope: known.scopes.join(" "),
            audience: indicator,
            accessTokenFormat: "jwt",
            accessTokenTTL: 600,
            jwt: { sign: { alg: "RS256" } },
          };
        },
      },
    },
    ...(metadataHost && { fetch: fetchFromTrustedHost(metadataHost) as Configuration["fetch"] }),
    // Errors render as escaped text, never the request's own HTML.
    renderError: async (ctx: KoaContextWithOIDC, out) => {
      ctx.type = "html";
      ctx.body = page(
        "Authorization error",
        `<p><code>${escapeHtml(String(out.error))}</code>: ${escapeHtml(String(out.error_description ?? ""))}</p>`,
      );
    },
  };
  const provider = new OidcProvider(issuer, { ...configuration, adapter: PlaygroundMemoryAdapter });
  const callback = provider.callback();
  server.on("request", (req, res) => {
    if (req.url?.startsWith("/interaction/")) {
      interaction(provider, req, res).catch((e) => {
        if (!res.headersSent) sendHtml(res, 400, page("Sign-in problem", `<p>${escapeHtml((e as Error).message)}</p>`));
        else res.end();
      });
      return;
    }
    callback(req, res);
  });
  return {
    issuer,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
