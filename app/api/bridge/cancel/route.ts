import { CancelRequestSchema } from "@/lib/bridge/contract";
import { jsonRoute } from "@/lib/bridge/server/route-glue";
import { cancel } from "@/lib/bridge/server/in-flight";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Cancels an in-flight send; replies { ok: true, value: { cancelled } } (false when it already finished). */
export const POST = jsonRoute(CancelRequestSchema, async ({ sendId }) => ({ cancelled: cancel(sendId) }));
