import "server-only";
/**
 * What every bridge route does around its one call: guard (Host, Origin, token) → read the body with a
 * size limit → validate it with the contract's schema → run → reply `{ ok, value }` or `{ ok: false, kind,
 * message }` with the mapped status. Never a bare 500 with a stack.
 */
import { readRequestBody } from "@modelcontextprotocol/server";
import type { z } from "zod";
import type { BridgeErrorKind, BridgeReply } from "../contract";
import { nestsDeeperThan } from "../../protocol/json-depth";
import { BridgeError } from "./errors";
import { LIMITS } from "./limits";
import { STATUS_OF_KIND, guardRequest, parseHost } from "./guards";
import { noteCall } from "./observe";
import { stashedRequestBody, wholeJsonResponse } from "./whole-bodies";
import { admitClient, isHosted, selfBaseUrl, sizeLimits } from "./policy";

export function jsonReply(reply: BridgeReply<unknown>, status = 200, extra: Record<string, string> = {}): Response {
  return wholeJsonResponse(JSON.stringify(reply), { status, headers: { "Cache-Control": "no-store", ...extra } });
}

export function failReply(kind: BridgeErrorKind, message: string, status = STATUS_OF_KIND[kind], extra: Record<string, string> = {}): Response {
  noteCall({ outcome: kind });
  return jsonReply({ ok: false, kind, message }, status, extra);
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join(".") : "(body)"}: ${issue.message}`)
    .join("; ");
}

/**
 * Guard, admit (hosted mode's per-client limits), read and validate a bridge call's body: the input and the
 * `release` to call when the call is over (for a stream: when it ends), or the error reply to send as is.
 */
export async function parseBridgeCall<S extends z.ZodType>(
  req: Request,
  schema: S,
): Promise<{ ok: true; input: z.output<S>; release: () => void } | { ok: false; reply: Response }> {
  const refused = guardRequest(req);
  if (refused) return { ok: false, reply: failReply(refused.kind, refused.message) };
  const admitted = admitClient(req.headers);
  if (!admitted.ok) return { ok: false, reply: failReply("rate-limited", admitted.message, undefined, { "Retry-After": String(admitted.retryAfterSeconds) }) };
  const body = await readBody(req, schema);
  if (!body.ok) {
    admitted.release();
    return body;
  }
  noteCall({ targetKind: targetKindOf(body.input) });
  return { ...body, release: admitted.release };
}

/** "stdio", "http", "demo-stdio", … for the call's log line; never the command or URL itself. */
function targetKindOf(input: unknown): string | undefined {
  const target = (input as { target?: { kind?: unknown; transport?: unknown } } | null)?.target;
  if (typeof target?.kind !== "string") return undefined;
  return typeof target.transport === "string" ? `${target.kind}-${target.transport}` : target.kind;
}

async function readBody<S extends z.ZodType>(req: Request, schema: S): Promise<{ ok: true; input: z.output<S> } | { ok: false; reply: Response }> {
  let text: string;
  try {
    const { maxRequestBodyBytes } = sizeLimits();
    // The node:http adapter has the body whole already: same limit, no second read through a stream.
    const stashed = stashedRequestBody(req);
    const body = stashed ? { tooLarge: stashed.length > maxRequestBodyBytes, text: stashed.toString("utf8") } : await readRequestBody(req, maxRequestBodyBytes);
    if (body.tooLarge) return { ok: false, reply: failReply("too-large", `the request body exceeds ${maxRequestBodyBytes} bytes`) };
    text = body.text;
  } catch (e) {
    return { ok: false, reply: failReply("bad-request", `could not read the request body: ${(e as Error).message}`) };
  }
  // Anything recursive downstream (zod, a serializer, structuredClone) would overflow the stack on deeper JSON.
  if (nestsDeeperThan(text, LIMITS.maxRequestBodyDepth)) {
    return { ok: false, reply: failReply("bad-request", `the request body nests deeper than ${LIMITS.maxRequestBodyDepth} levels; refused before parsing`) };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { ok: false, reply: failReply("bad-request", `the request body is not JSON: ${(e as Error).message}`) };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) return { ok: false, reply: failReply("bad-request", `invalid request: ${describeIssues(parsed.error)}`) };
  return { ok: true, input: parsed.data };
}

export async function handleBridgeCall<S extends z.ZodType>(req: Request, schema: S, run: (input: z.output<S>) => Promise<unknown>): Promise<Response> {
  const call = await parseBridgeCall(req, schema);
  if (!call.ok) return call.reply;
  try {
    return jsonReply({ ok: true, value: await run(call.input) });
  } catch (e) {
    if (e instanceof BridgeError) return failReply(e.kind, e.message);
    console.error("bridge route failed", e);
    return failReply("internal", `the bridge failed unexpectedly: ${(e as Error).message ?? String(e)}`);
  } finally {
    call.release();
  }
}

/**
 * This server's own loopback URL (the embedded calendar's HTTP endpoint lives under it). Host is already
 * guarded. Hosted mode never trusts Host for it (a load balancer's public name): the app's own port only.
 */
export function baseUrlOf(req: Request): string {
  if (isHosted()) return selfBaseUrl() ?? "http://127.0.0.1:3000";
  const port = parseHost(req.headers.get("host") ?? "")?.port ?? process.env.PORT ?? "80";
  return `http://127.0.0.1:${port}`;
}
