import { handleBridgeCall } from "@/lib/bridge/server/route-glue";
import { AuthRunRequestSchema } from "@/lib/auth/request";
import { runAuthRequest } from "@/lib/auth/server/run-request";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * Runs the authorization flow step by step and replies { ok: true, value: AuthRun } — every exchange with its
 * secrets already masked; the tokens themselves never leave the server. Guarded like every bridge route.
 */
export async function POST(req: Request): Promise<Response> {
  return handleBridgeCall(req, AuthRunRequestSchema, runAuthRequest);
}
