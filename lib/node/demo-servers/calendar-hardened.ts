/**
 * The chapter's calendar with an integrity-protected requestState (digest §6.4 items 7–8): the SDK's HMAC codec
 * (createRequestStateCodec) seals {title, call digest} with a 10-minute expiry, bound to the method; the handler
 * also checks the state was minted for the same tool and arguments. A tampered, expired or replayed-elsewhere
 * state is answered -32602 "Invalid or expired requestState" instead of creating the wrong event.
 *
 * The key must be the same in every process that may see a retry (statelessness: process B finishes what
 * process A started), so it comes from CALENDAR_STATE_KEY or a fixed demo key. The demo key is public in this
 * source file: it shows the mechanism, it protects nothing. A real server keeps its key secret.
 */
import { createHash } from "node:crypto";
import { createRequestStateCodec, ProtocolError, type ServerContext } from "@modelcontextprotocol/server";
import { createCalendarServer, type CalendarStateCodec, type PendingEvent } from "./calendar";

const DEMO_KEY = "mcp-playground demo requestState key: public, protects nothing";
const INVALID_PARAMS = -32602;

interface SealedEvent extends PendingEvent {
  /** Digest of the originating call (tool name + arguments without the answer). */
  call: string;
}

/** Digest of the salient params: the tool and its arguments, in a stable key order. */
export function callDigest(tool: string, args: Record<string, unknown>): string {
  const sorted = Object.fromEntries(
    Object.keys(args)
      .sort()
      .map((k) => [k, args[k]]),
  );
  return createHash("sha256")
    .update(JSON.stringify([tool, sorted]))
    .digest("base64url")
    .slice(0, 22);
}

export interface HardenedOptions {
  key?: string;
  ttlSeconds?: number;
}

export function hardenedStateCodec(opts: HardenedOptions = {}): CalendarStateCodec {
  const codec = createRequestStateCodec<SealedEvent>({
    key: opts.key ?? process.env.CALENDAR_STATE_KEY ?? DEMO_KEY,
    ttlSeconds: opts.ttlSeconds ?? 600,
    bind: (ctx: ServerContext) => ctx.mcpReq.method,
  });
  return {
    mint: (state, args, ctx) => codec.mint({ ...state, call: callDigest("create_event", args) }, ctx),
    verify: (state, ctx) => codec.verify(state, ctx),
    read: (args, ctx) => {
      const sealed = ctx.mcpReq.requestState<SealedEvent>();
      if (sealed === undefined) return undefined;
      if (sealed.call !== callDigest("create_event", args)) {
        throw new ProtocolError(
          INVALID_PARAMS,
          "requestState was minted for a different call (tool or arguments changed)",
          {
            reason: "request_state_call_mismatch",
          },
        );
      }
      return { title: sealed.title };
    },
  };
}

export function createHardenedCalendarServer(opts: HardenedOptions = {}) {
  return createCalendarServer({
    name: "calendar-hardened",
    title: "Chapter calendar (HMAC-protected requestState)",
    stateCodec: hardenedStateCodec(opts),
  });
}
