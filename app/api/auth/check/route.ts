import { handleBridgeCall } from "@/lib/bridge/server/route-glue";
import { AuthCheckRequestSchema } from "@/lib/auth/request";
import { judgeAuthorization } from "@/lib/auth/server/judge";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * The Checks tab's authorization judgement of an MCP endpoint (C57, A01–A10): { ok: true, value: AuthJudgement },
 * discovery and token probes only — nothing is registered and nobody signs in. Guarded like every bridge route.
 */
export async function POST(req: Request): Promise<Response> {
  return handleBridgeCall(req, AuthCheckRequestSchema, ({ url }) => judgeAuthorization({ target: url }));
}
