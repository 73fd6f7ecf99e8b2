import { z } from "zod";
import { baseUrlOf, jsonRoute } from "@/lib/bridge/server/route-glue";
import { CONDITION_IDS, type ConditionId } from "@/lib/lab/conditions";
import { runLab } from "@/lib/lab/server/run";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const LabRunSchema = z.object({
  /** Validated by runLab against the lab script format, so the reply can say exactly what is wrong. */
  script: z.unknown(),
  conditions: z.array(z.enum(CONDITION_IDS as [ConditionId, ...ConditionId[]])).min(1),
});

/** Runs a lab script under each condition; replies { ok: true, value: LabReport }. Spawns only on this explicit call. */
export const POST = jsonRoute(LabRunSchema, (input, call) => runLab(input, { baseUrl: baseUrlOf(call) }));
