import { ProcessRequestSchema } from "@/lib/bridge/contract";
import { BridgeError } from "@/lib/bridge/server/errors";
import { processControlRefusal } from "@/lib/bridge/server/policy";
import { baseUrlOf, jsonRoute } from "@/lib/bridge/server/route-glue";
import { controlProcess } from "@/lib/bridge/server/send";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Status, restart or close of the process behind a target; replies { ok: true, value: ProcessStatus }. */
export const POST = jsonRoute(ProcessRequestSchema, async ({ action, target }, call) => {
  const refusal = processControlRefusal();
  if (refusal) throw new BridgeError("refused", refusal);
  return controlProcess(action, target, { baseUrl: baseUrlOf(call) });
});
