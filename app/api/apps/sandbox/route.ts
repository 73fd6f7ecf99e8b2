import { z } from "zod";
import { jsonRoute } from "@/lib/bridge/server/route-glue";
import { startAppsSandbox } from "@/lib/apps/server/sandbox-server";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The app sandbox's origin (lib/apps/server/sandbox-server.ts), started on the first call; replies { ok: true, value: { origin } }. */
export const POST = jsonRoute(z.object({}).strict(), async () => {
  const sandbox = await startAppsSandbox();
  return { origin: sandbox.origin };
});
