/**
 * Every HTTP exchange of the authorization flow: recorded with its secrets masked, bounded in time and size, and
 * in hosted mode admitted by the bridge's SSRF guard first and then sent to the very address the guard checked
 * (resolved once, pinned: a DNS answer that changes between the check and the connection cannot redirect it).
 * node:http rather than fetch because fetch cannot be told which address to connect to.
 */
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import type * as oauth from "oauth4webapi";
import { pinnedLookup, type PinnedAddress, type Resolver } from "@/lib/node/bridge/address-guard";
import { admitHttpUrl, isHosted } from "@/lib/node/bridge/target-policy";
import { maskBody, maskHeaders, maskUrl } from "@/lib/auth/mask";
import type { HttpAttempt } from "@/lib/auth/types";

const BODY_LIMIT = 64 * 1024;
const DEFAULT_TIMEOUT_MS = 10_000;

export interface FlowHttpOptions {
  /** Origins reached even in hosted mode: the playground's own embedded demo servers on loopback, nothing else. */
  trustedOrigins?: string[];
  timeoutMs?: number;
  /** DNS for the SSRF guard (tests inject one; the default asks the system). */
  resolve?: Resolver;
}

export interface Exchanged {
  response?: Response;
  text?: string;
}

function bodyText(body: RequestInit["body"]): string | undefined {
  return typeof body === "string" ? body : body instanceof URLSearchParams ? body.toString() : undefined;
}

/** Reads at most `limit` bytes of a response (the rest is dropped and the socket closed). */
function readBounded(res: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on("data", (chunk: Buffer) => {
      if (size >= limit) return;
      size += chunk.length;
      chunks.push(size > limit ? chunk.subarray(0, chunk.length - (size - limit)) : chunk);
      if (size >= limit) {
        res.destroy();
        resolve(Buffer.concat(chunks).toString("utf8"));
      }
    });
    res.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    res.on("error", reject);
  });
}

/** One request over node:http(s), to `pinned` when given (Host stays the URL's name); no redirect is followed. */
export function requestPinned(
  href: string,
  init: RequestInit,
  headers: Headers,
  timeoutMs: number,
  pinned?: PinnedAddress,
): Promise<{ res: IncomingMessage; text: string }> {
  const url = new URL(href);
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(url, {
      method: init.method ?? "GET",
      headers: Object.fromEntries(headers),
      timeout: timeoutMs,
      ...(pinned ? { lookup: pinnedLookup(pinned) } : {}),
    });
    const timer = setTimeout(
      () => req.destroy(Object.assign(new Error("timeout"), { name: "TimeoutError" })),
      timeoutMs,
    );
    req.on("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    req.on("response", (res) => {
      readBounded(res, BODY_LIMIT).then(
        (text) => {
          clearTimeout(timer);
          resolve({ res, text });
        },
        (e: Error) => {
          clearTimeout(timer);
          reject(e);
        },
      );
    });
    req.end(bodyText(init.body));
  });
}

function responseHeaders(res: IncomingMessage): Headers {
  const headers = new Headers();
  for (let i = 0; i < res.rawHeaders.length; i += 2) headers.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
  return headers;
}

export class FlowHttp {
  constructor(private readonly opts: FlowHttpOptions) {}

  private get timeoutMs(): number {
    return this.opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /** One exchange, recorded (masked) into `into`; a refusal by the SSRF guard or a network error is recorded too. */
  async exchange(into: HttpAttempt[], href: string, init: RequestInit = {}): Promise<Exchanged> {
    const method = init.method ?? "GET";
    const headers = new Headers(init.headers);
    const attempt: HttpAttempt = {
      request: {
        method,
        url: maskUrl(href),
        headers: maskHeaders(headers),
        body: maskBody(bodyText(init.body), headers.get("content-type") ?? ""),
      },
    };
    into.push(attempt);
    const trusted = this.opts.trustedOrigins?.includes(new URL(href).origin) ?? false;
    const admitted =
      isHosted() && !trusted
        ? await admitHttpUrl(href, { resolve: this.opts.resolve })
        : { ok: true as const, pinned: undefined };
    if (!admitted.ok) {
      attempt.error = `refused before sending: ${admitted.message}`;
      return {};
    }
    try {
      const { res, text } = await requestPinned(href, init, headers, this.timeoutMs, admitted.pinned);
      const status = res.statusCode ?? 0;
      const received = responseHeaders(res);
      attempt.response = {
        status,
        headers: maskHeaders(received),
        body: maskBody(text, received.get("content-type") ?? ""),
      };
      const nullBody = status === 204 || status === 304;
      return {
        response: new Response(nullBody ? null : text, {
          status,
          statusText: res.statusMessage ?? "",
          headers: received,
        }),
        text,
      };
    } catch (e) {
      attempt.error =
        (e as Error).name === "TimeoutError"
          ? `no answer within ${this.timeoutMs} ms`
          : `network error: ${(e as Error).message}`;
      return {};
    }
  }

  /** The fetch oauth4webapi calls, recording into `into`. */
  customFetch(
    into: HttpAttempt[],
  ): (url: string, options: oauth.CustomFetchOptions<string, unknown>) => Promise<Response> {
    return async (url, options) => {
      const { response } = await this.exchange(into, url, {
        method: options.method,
        headers: options.headers,
        body: options.body as string | undefined,
      });
      if (!response) throw new Error(into[into.length - 1]?.error ?? "no response");
      return response;
    };
  }
}

export function parseJson(text: string | undefined): Record<string, unknown> | undefined {
  try {
    const v = JSON.parse(text ?? "") as unknown;
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
