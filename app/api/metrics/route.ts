import { metricsResponse } from "@/lib/bridge/server/probe-routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Prometheus text format; needs the launch token (Bearer or x-playground-token). */
export async function GET(req: Request): Promise<Response> {
  return metricsResponse(req);
}
