import { readyResponse } from "@/lib/bridge/server/probe-routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Readiness: 200 when this instance takes calls, 503 while it starts or drains. No guard, no token. */
export async function GET(): Promise<Response> {
  return readyResponse();
}
