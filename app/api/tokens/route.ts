import { BridgeError } from "@/lib/bridge/server/errors";
import { clientKeyOf } from "@/lib/bridge/server/policy";
import { jsonRoute } from "@/lib/bridge/server/route-glue";
import { BillRequestSchema } from "@/lib/tokens/request";
import { billParsedRequest } from "@/lib/tokens/server/bill-request";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * Bills a catalogue the page fetched (or edited): replies { ok: true, value: Bill }. Counting happens here so
 * the tokenizer's rank file never ships to the page; guarded like every bridge route (Host, Origin, token).
 */
export const POST = jsonRoute(BillRequestSchema, async (input, call) => {
  const reply = await billParsedRequest(input, clientKeyOf(call.headers));
  if (!reply.ok) throw new BridgeError(reply.kind, reply.message);
  return reply.value;
});
