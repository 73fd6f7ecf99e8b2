import type { HeaderReader } from "@/lib/bridge/server/call-request";
import { clientKeyOf } from "@/lib/bridge/server/policy";
import { jsonRoute } from "@/lib/bridge/server/route-glue";
import { AUTH_CALLBACK_PATH, AuthRunRequestSchema } from "@/lib/auth/request";
import { runAuthRequest } from "@/lib/auth/server/run-request";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The callback page as the person's browser reaches it: the calling page's origin (already guarded), else its Host. */
function callbackUrlOf(req: { headers: HeaderReader }): string {
  const origin = req.headers.get("origin") ?? `http://${req.headers.get("host") ?? "127.0.0.1"}`;
  return new URL(AUTH_CALLBACK_PATH, origin).href;
}

/**
 * Runs the authorization flow step by step and replies { ok: true, value: AuthRun } — every exchange with its
 * secrets already masked; the tokens themselves never leave the server. With login "browser" the run pauses
 * where the person signs in (value.flowId, value.authorizationUrl). Guarded like every bridge route.
 */
export const POST = jsonRoute(AuthRunRequestSchema, (input, call) =>
  runAuthRequest(input, { callbackUrl: callbackUrlOf(call), client: clientKeyOf(call.headers) }),
);
