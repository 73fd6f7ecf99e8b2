/**
 * What every bridge route does around its one call: guard (Host, Origin, token) and admit (hosted mode's
 * per-client limits) → only then read the body, never past the size limit → validate it with the contract's
 * schema → run → reply `{ ok, value }` or `{ ok: false, kind, message }` with the mapped status. Never a bare
 * 500 with a stack.
 */
import type { z } from "zod";
import type { BridgeErrorKind, BridgeReply } from "@/lib/bridge/contract";
import { nestsDeeperThan } from "@/lib/protocol/json-depth";
import { fromRequest, toResponse, type CallRequest, type HeaderReader, type JsonReply } from "./call-request";
import { BridgeError } from "@/lib/node/bridge/errors";
import { LIMITS } from "@/lib/node/bridge/limits";
import { STATUS_OF_KIND, guardRequest, parseHost } from "./guards";
import { noteCall } from "./observe";
import { isHosted, selfBaseUrl, sizeLimits } from "@/lib/node/bridge/target-policy";
import { admitClient } from "./client-policy";

function reply(body: BridgeReply<unknown>, status = 200, extra: Record<string, string> = {}): JsonReply {
  return { status, headers: { "Cache-Control": "no-store", ...extra }, text: JSON.stringify(body) };
}

function refusal(
  kind: BridgeErrorKind,
  message: string,
  status = STATUS_OF_KIND[kind],
  extra: Record<string, string> = {},
): JsonReply {
  noteCall({ outcome: kind });
  return reply({ ok: false, kind, message }, status, extra);
}

export function failReply(
  kind: BridgeErrorKind,
  message: string,
  status = STATUS_OF_KIND[kind],
  extra: Record<string, string> = {},
): Response {
  return toResponse(refusal(kind, message, status, extra));
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join(".") : "(body)"}: ${issue.message}`)
    .join("; ");
}

type ParsedCall<S extends z.ZodType, R> =
  { ok: true; input: z.output<S>; release: () => void } | { ok: false; reply: R };

/**
 * Guard, admit (hosted mode's per-client limits), read and validate a bridge call's body: the input and the
 * `release` to call when the call is over (for a stream: when it ends), or the error reply to send as is.
 */
async function parseCall<S extends z.ZodType>(call: CallRequest, schema: S): Promise<ParsedCall<S, JsonReply>> {
  const refused = guardRequest(call);
  if (refused) return { ok: false, reply: refusal(refused.kind, refused.message) };
  const admitted = admitClient(call.headers);
  if (!admitted.ok)
    return {
      ok: false,
      reply: refusal("rate-limited", admitted.message, undefined, {
        "Retry-After": String(admitted.retryAfterSeconds),
      }),
    };
  const body = await readBody(call, schema);
  if (!body.ok) {
    admitted.release();
    return body;
  }
  noteCall({ targetKind: targetKindOf(body.input) });
  return { ...body, release: admitted.release };
}

/** parseCall for a route that answers a stream (the listen route): its error replies as Responses. */
export async function parseBridgeCall<S extends z.ZodType>(req: Request, schema: S): Promise<ParsedCall<S, Response>> {
  const call = await parseCall(fromRequest(req), schema);
  return call.ok ? call : { ok: false, reply: toResponse(call.reply) };
}

/** "stdio", "http", "demo-stdio", … for the call's log line; never the command or URL itself. */
function targetKindOf(input: unknown): string | undefined {
  const target = (input as { target?: { kind?: unknown; transport?: unknown } } | null)?.target;
  if (typeof target?.kind !== "string") return undefined;
  return typeof target.transport === "string" ? `${target.kind}-${target.transport}` : target.kind;
}

async function readBody<S extends z.ZodType>(
  call: CallRequest,
  schema: S,
): Promise<{ ok: true; input: z.output<S> } | { ok: false; reply: JsonReply }> {
  let text: string;
  try {
    const { maxRequestBodyBytes } = sizeLimits();
    const body = await call.body(maxRequestBodyBytes);
    // What is left of the body is drained unkept after the answer, then the connection closes (@hono/node-server).
    if (body.tooLarge)
      return { ok: false, reply: refusal("too-large", `the request body exceeds ${maxRequestBodyBytes} bytes`) };
    text = body.text;
  } catch (e) {
    return { ok: false, reply: refusal("bad-request", `could not read the request body: ${(e as Error).message}`) };
  }
  // Anything recursive downstream (zod, a serializer, structuredClone) would overflow the stack on deeper JSON.
  if (nestsDeeperThan(text, LIMITS.maxRequestBodyDepth)) {
    return {
      ok: false,
      reply: refusal(
        "bad-request",
        `the request body nests deeper than ${LIMITS.maxRequestBodyDepth} levels; refused before parsing`,
      ),
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { ok: false, reply: refusal("bad-request", `the request body is not JSON: ${(e as Error).message}`) };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    return { ok: false, reply: refusal("bad-request", `invalid request: ${describeIssues(parsed.error)}`) };
  return { ok: true, input: parsed.data };
}

/** A whole-JSON bridge call on either carrier (./call-request.ts): the reply it answers, never a throw. */
export type JsonCall = (call: CallRequest) => Promise<JsonReply>;
/** A route's WHATWG handler (Hono's table) with the same call beside it, which the front door runs on node:http. */
export type JsonRoute = ((req: Request) => Promise<Response>) & { jsonCall: JsonCall };

/** A bridge route that answers one JSON reply: `run` gets the validated input and the call (headers, signal). */
export function jsonRoute<S extends z.ZodType>(
  schema: S,
  run: (input: z.output<S>, call: CallRequest) => Promise<unknown>,
): JsonRoute {
  const jsonCall: JsonCall = async (call) => {
    let release = () => {};
    try {
      const parsed = await parseCall(call, schema);
      if (!parsed.ok) return parsed.reply;
      release = parsed.release;
      return reply({ ok: true, value: await run(parsed.input, call) });
    } catch (e) {
      if (e instanceof BridgeError) return refusal(e.kind, e.message);
      console.error("bridge route failed", e);
      return refusal("internal", `the bridge failed unexpectedly: ${(e as Error).message ?? String(e)}`);
    } finally {
      release();
    }
  };
  return Object.assign(async (req: Request) => toResponse(await jsonCall(fromRequest(req))), { jsonCall });
}

/**
 * This server's own loopback URL (the embedded calendar's HTTP endpoint lives under it). Host is already
 * guarded. Hosted mode never trusts Host for it (a load balancer's public name): the app's own port only.
 */
export function baseUrlOf(req: { headers: HeaderReader }): string {
  if (isHosted()) return selfBaseUrl() ?? "http://127.0.0.1:3000";
  const port = parseHost(req.headers.get("host") ?? "")?.port ?? process.env.PORT ?? "80";
  return `http://127.0.0.1:${port}`;
}
