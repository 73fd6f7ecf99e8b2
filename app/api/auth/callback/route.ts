import { failReply, jsonRoute } from "@/lib/bridge/server/route-glue";
import { checkPageHeaders } from "@/lib/bridge/server/guards";
import { AuthCallbackRequestSchema } from "@/lib/auth/request";
import { continueAuthRequest } from "@/lib/auth/server/run-request";
import { callbackPage } from "@/lib/auth/server/callback-page";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * GET: the page an authorization server redirects the person's tab to (Host/Origin guarded like every page); it
 * only hands its own URL to the playground tab that started the sign-in (lib/auth/server/callback-page.ts).
 */
export async function GET(req: Request): Promise<Response> {
  const refused = checkPageHeaders(req.headers);
  return refused ? failReply(refused.kind, refused.message) : callbackPage();
}

/**
 * POST { flowId, callbackUrl }: the starting tab hands the callback over; the paused flow checks state and iss,
 * exchanges the code and goes on. Guarded like every bridge route (Host, Origin, token or sign-in cookie).
 */
export const POST = jsonRoute(AuthCallbackRequestSchema, (input) => continueAuthRequest(input));
