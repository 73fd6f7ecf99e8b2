/** The era the probe found, as the explainer's context wants it (a tiny module: the timeline imports it eagerly). */
import type { ServerEra } from "./types";

export function serverEraOf(verdictEra: string | undefined): ServerEra {
  if (verdictEra === "modern" || verdictEra === "modern-wrong-version") return "modern";
  if (verdictEra === "legacy") return "legacy";
  return "unknown";
}
