import { LISTEN_CONTENT_TYPE, ListenRequestSchema } from "@/lib/bridge/listen-contract";
import { BridgeError } from "@/lib/bridge/server/errors";
import { listenResponse } from "@/lib/bridge/server/listen";
import { clientKeyOf, isHosted } from "@/lib/bridge/server/policy";
import { baseUrlOf, failReply, parseBridgeCall } from "@/lib/bridge/server/route-glue";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * Opens a subscriptions/listen stream; replies NDJSON lines (open, event…, end) until the server, the user
 * (POST /api/bridge/cancel with the listenId) or the page (closing the fetch) ends it.
 */
export async function POST(req: Request): Promise<Response> {
  const call = await parseBridgeCall(req, ListenRequestSchema);
  if (!call.ok) return call.reply;
  try {
    // The client's in-flight slot (hosted mode) is held until the stream ends; its listen quota counts this stream.
    const body = listenResponse(call.input, { baseUrl: baseUrlOf(req) }, req.signal, call.release, isHosted() ? clientKeyOf(req.headers) : "");
    return new Response(body, { headers: { "Content-Type": LISTEN_CONTENT_TYPE, "Cache-Control": "no-store", "X-Accel-Buffering": "no" } });
  } catch (e) {
    call.release();
    if (e instanceof BridgeError) return failReply(e.kind, e.message);
    return failReply("internal", `the listen stream could not start: ${(e as Error).message}`);
  }
}
