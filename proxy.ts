/**
 * In front of every page and route: the DNS-rebinding guard (a request whose Host is not loopback, or whose
 * Origin is a foreign page, is refused with 403 before anything renders), then sign-in (the launch URL
 * `/?token=…` or the sign-in form sets the sign-in cookie: lib/bridge/server/sign-in.ts). Bridge routes check
 * the token or the cookie themselves as well (lib/bridge/server/guards.ts).
 */
import { NextResponse, type NextRequest } from "next/server";
import { FRAME_HEADERS } from "@/lib/bridge/server/frame-headers";
import { checkPageHeaders } from "@/lib/bridge/server/guards";
import { signInResponse } from "@/lib/bridge/server/sign-in";

export async function proxy(req: NextRequest): Promise<Response> {
  const refused = checkPageHeaders(req.headers);
  if (refused) {
    const body = { ok: false, kind: refused.kind, message: `refused: ${refused.message}` };
    return NextResponse.json(body, { status: refused.status, headers: { "Cache-Control": "no-store", ...FRAME_HEADERS } });
  }
  return (await signInResponse(req)) ?? NextResponse.next();
}

// Static build assets carry no secret, and a balancer's probes (/api/health, /api/ready, /api/metrics: see
// lib/bridge/server/probe-routes.ts) come with the balancer's own Host; everything else (pages, /api/*) is guarded.
export const config = { matcher: ["/((?!_next/static|_next/image|api/health|api/ready|api/metrics).*)"] };
