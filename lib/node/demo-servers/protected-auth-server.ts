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
 * CLI, the tests and the app alike. State lives in PlaygroundMemoryAdapter (./auth-memory-adapter): one process,
 * one AS. Its sign-in and consent pages are ./auth-interaction.
 */
import http from "node:http";
import https from "node:https";
import { generateKeyPair, randomBytes, type KeyObject } from "node:crypto";
import { promisify } from "node:util";
import type { AddressInfo } from "node:net";
import type { Configuration, KoaContextWithOIDC } from "oidc-provider";
import { DEMO_USER } from "@/lib/auth/demo-user";
import { escapeHtml, interaction, page, sendHtml } from "./auth-interaction";
import { PlaygroundMemoryAdapter } from "./auth-memory-adapter";

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

/** What the playground is as a client: a public native app with loopback redirects, code + refresh token grants. */
const DEMO_CLIENT_METADATA = {
  application_type: "native",
  token_endpoint_auth_method: "none",
  redirect_uris: DEMO_REDIRECT_URIS,
  grant_types: ["authorization_code", "refresh_token"],
  response_types: ["code"],
} as const;

/** The playground's client ID metadata document: the pre-registered client's metadata, with its URL as client_id. */
export function demoClientMetadataDocument(clientId: string): Record<string, unknown> {
  return { client_id: clientId, client_name: "MCP Playground (client ID metadata document)", ...DEMO_CLIENT_METADATA };
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

/** resource URL → what the AS mints for it; set by the protected servers before any token is asked for. */
export type ResourceRegistry = Map<string, { scopes: readonly string[]; name: string }>;

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

type OidcErrors = OidcModule["errors"];
type ResourceIndicators = NonNullable<Configuration["features"]>["resourceIndicators"];

/** Resource indicators (RFC 8707): each registered resource gets audience-bound JWT access tokens with its scopes. */
function resourceIndicators(resources: ResourceRegistry, oidcErrors: OidcErrors): ResourceIndicators {
  return {
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
  };
}

function configurationOf(
  jwk: Record<string, unknown>,
  resources: ResourceRegistry,
  metadataHost: TrustedMetadataHost | undefined,
  oidcErrors: OidcErrors,
): Configuration {
  return {
    clients: [{ client_id: DEMO_CLIENT_ID, client_name: "MCP Playground (demo client)", ...DEMO_CLIENT_METADATA }],
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
      resourceIndicators: resourceIndicators(resources, oidcErrors),
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
  const configuration = configurationOf(jwk, resources, metadataHost, oidcErrors);
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
