import { ProcessRequestSchema } from "@/lib/bridge/contract";
import { BridgeError } from "@/lib/bridge/server/errors";
import { processControlRefusal } from "@/lib/bridge/server/policy";
import { baseUrlOf, handleBridgeCall } from "@/lib/bridge/server/route-glue";
import { controlProcess } from "@/lib/bridge/server/send";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Status, restart or close of the process behind a target; replies { ok: true, value: ProcessStatus }. */
export async function POST(req: Request): Promise<Response> {
  return handleBridgeCall(req, ProcessRequestSchema, async ({ action, target }) => {
    const refusal = processControlRefusal();
    if (refusal) throw new BridgeError("refused", refusal);
    return controlProcess(action, target, { baseUrl: baseUrlOf(req) });
  });
}
