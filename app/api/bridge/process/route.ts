import { ProcessRequestSchema } from "@/lib/bridge/contract";
import { baseUrlOf, handleBridgeCall } from "@/lib/bridge/server/route-glue";
import { controlProcess } from "@/lib/bridge/server/send";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Status, restart or close of the process behind a target; replies { ok: true, value: ProcessStatus }. */
export async function POST(req: Request): Promise<Response> {
  return handleBridgeCall(req, ProcessRequestSchema, ({ action, target }) => controlProcess(action, target, { baseUrl: baseUrlOf(req) }));
}
