import { SendRequestSchema } from "@/lib/bridge/contract";
import { forMode } from "@/lib/bridge/server/policy";
import { baseUrlOf, handleBridgeCall } from "@/lib/bridge/server/route-glue";
import { cancel, send } from "@/lib/bridge/server/send";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Delivers one frame; replies { ok: true, value: Exchange }. */
export async function POST(req: Request): Promise<Response> {
  return handleBridgeCall(req, SendRequestSchema, async (input) => {
    // The page went away (reload, closed tab): cancel rather than leave the exchange running.
    const onAbort = () => cancel(input.sendId);
    req.signal.addEventListener("abort", onAbort, { once: true });
    try {
      // Hosted mode keeps no process between requests: stdio runs fresh (the exchange says so).
      const { req: request, notes } = forMode(input);
      return await send(request, { baseUrl: baseUrlOf(req), notes });
    } finally {
      req.signal.removeEventListener("abort", onAbort);
    }
  });
}
