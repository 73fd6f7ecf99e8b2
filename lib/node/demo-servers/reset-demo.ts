/**
 * Reset demo servers (issue 27 item 11), the bridge's side: close the kept-up process of every embedded demo target
 * (its state goes with it; the next send starts a fresh one) and put the in-process and on-disk state of the
 * embedded servers back to a first start (lib/node/demo-servers/reset.ts). Custom commands and URLs are not touched.
 */
import type { ResetDemoReport, Target } from "@/lib/bridge/contract";
import { DEMO_SERVERS, targetKey, targetLabel } from "@/lib/bridge/target";
import { closeProcess, keptProcess } from "@/lib/node/bridge/stdio/registry";
import { resetEmbeddedState } from "./reset";

export async function resetDemoServers(): Promise<ResetDemoReport> {
  const closed: string[] = [];
  for (const server of DEMO_SERVERS) {
    for (const transport of ["stdio", "http"] as const) {
      const target: Target = { kind: "demo", server, transport };
      const key = targetKey(target);
      if (!keptProcess(key)) continue;
      await closeProcess(key);
      closed.push(targetLabel(target));
    }
  }
  return { closed, ...resetEmbeddedState() };
}
