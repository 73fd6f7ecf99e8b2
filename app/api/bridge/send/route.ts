import { SendRequestSchema } from "@/lib/bridge/contract";
import { forMode } from "@/lib/bridge/server/policy";
import { baseUrlOf, jsonRoute } from "@/lib/bridge/server/route-glue";
import { cancel, send } from "@/lib/bridge/server/send";
import { packExchange } from "@/lib/protocol/exchange-wire";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Delivers one frame; replies { ok: true, value: Exchange } (a PackedExchange when the request says `packed`). */
export const POST = jsonRoute(SendRequestSchema, async (input, call) => {
  // The page went away (reload, closed tab): cancel rather than leave the exchange running.
  const onAbort = () => cancel(input.sendId);
  call.signal.addEventListener("abort", onAbort, { once: true });
  try {
    // Hosted mode keeps no process between requests: stdio runs fresh (the exchange says so).
    const { req: request, notes } = forMode(input);
    const exchange = await send(request, { baseUrl: baseUrlOf(call), notes });
    return input.packed ? packExchange(exchange) : exchange;
  } finally {
    call.signal.removeEventListener("abort", onAbort);
  }
});
