import { healthResponse } from "@/lib/bridge/server/probe-routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Liveness: 200 while the process answers at all. No guard, no token, nothing revealed. */
export async function GET(): Promise<Response> {
  return healthResponse();
}
