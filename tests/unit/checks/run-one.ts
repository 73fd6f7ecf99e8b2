/** Runs one check (after reading the catalog, as the runner does) against a peer. */
import { RunState } from "@/lib/checks/context";
import { checkById } from "@/lib/checks/registry";
import { runCheck } from "@/lib/checks/runner";
import type { CheckResult, CheckSend } from "@/lib/checks/types";

export async function runOne(id: string, send: CheckSend, transport: "stdio" | "http"): Promise<CheckResult> {
  const state = new RunState(send, {
    transport,
    era: "modern",
    version: "2026-07-28",
    options: { toolCalls: "read-only", timeoutMs: 1000, listenWindowMs: 50 },
  });
  const check = checkById(id);
  if (!check) throw new Error(`no check ${id}`);
  return runCheck(check, state);
}
