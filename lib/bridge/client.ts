/**
 * Browser side of the bridge: typed calls to /api/bridge/* carrying the per-launch token in a header
 * (never in the URL), or — a local page, token "" — its browser secret (lib/bridge/browser-sign-in.ts).
 * Every failure comes back as a BridgeReply value; nothing throws. No React.
 */
import type { BridgeReply, Exchange, ProcessStatus, SendRequest, Target } from "./contract";
import { credentialHeaders, refusedCredential } from "./credential";

export interface BridgeClientOptions {
  /** "" sends the page's browser secret instead, once it is signed in (local mode's page). */
  token: string;
  /** Prefix for the routes; "" (same origin) in the page. */
  baseUrl?: string;
  fetch?: typeof fetch;
}

export interface BridgeClient {
  send(req: SendRequest): Promise<BridgeReply<Exchange>>;
  cancel(sendId: string): Promise<BridgeReply<{ cancelled: boolean }>>;
  process(action: "status" | "restart" | "close", target: Target): Promise<BridgeReply<ProcessStatus>>;
  /** Any other guarded API route under /api/ (e.g. "lab/run", "tokens/bill"), with the token header. */
  post<T>(route: string, body: unknown): Promise<BridgeReply<T>>;
}

function isReply(value: unknown): value is BridgeReply<unknown> {
  return value !== null && typeof value === "object" && typeof (value as { ok?: unknown }).ok === "boolean";
}

export function createBridgeClient(options: BridgeClientOptions | string): BridgeClient {
  const {
    token,
    baseUrl = "",
    fetch: fetchImpl = globalThis.fetch.bind(globalThis),
  } = typeof options === "string" ? { token: options } : options;

  async function call<T>(path: string, body: unknown): Promise<BridgeReply<T>> {
    return post<T>(`bridge/${path}`, body);
  }

  async function post<T>(route: string, body: unknown): Promise<BridgeReply<T>> {
    let res: Response;
    const credential = await credentialHeaders(token);
    try {
      res = await fetchImpl(`${baseUrl}/api/${route.replace(/^\/+/, "")}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...credential },
        body: JSON.stringify(body),
      });
    } catch (e) {
      return { ok: false, kind: "internal", message: `could not reach the bridge: ${(e as Error).message}` };
    }
    let payload: unknown;
    try {
      payload = await res.json();
    } catch {
      refusedCredential(token, res.status);
      return { ok: false, kind: "internal", message: `the bridge answered HTTP ${res.status} without a JSON body` };
    }
    if (!isReply(payload))
      return { ok: false, kind: "internal", message: `the bridge answered HTTP ${res.status} with an unexpected body` };
    if (!payload.ok) refusedCredential(token, res.status, payload.kind);
    return payload as BridgeReply<T>;
  }

  return {
    // The Exchange as the bridge recorded it: each received frame in it once (lib/protocol/exchange.ts).
    send: (req) => call<Exchange>("send", req),
    cancel: (sendId) => call<{ cancelled: boolean }>("cancel", { sendId }),
    process: (action, target) => call<ProcessStatus>("process", { action, target }),
    post,
  };
}
