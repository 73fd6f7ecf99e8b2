"use client";
import { useTranslations } from "next-intl";
import { verdictText, type HttpSession, type VerdictState } from "@/lib/session";
import { Button } from "../ui";

const ERA_STYLE: Record<string, string> = {
  modern:
    "border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100",
  "modern-wrong-version":
    "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100",
  legacy:
    "border-violet-300 bg-violet-50 text-violet-900 dark:border-violet-700 dark:bg-violet-950 dark:text-violet-100",
  unreachable: "border-red-300 bg-red-50 text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-100",
};

/** What the era probe concluded, and why. */
export function VerdictBadge({ verdict }: { verdict: VerdictState | undefined }) {
  const t = useTranslations();
  if (!verdict) return null;
  if (verdict.status === "running")
    return (
      <span data-testid="verdict" data-status="running" className="text-xs text-slate-600 dark:text-slate-400">
        {t("target.probing")}
      </span>
    );
  if (verdict.status === "error") {
    return (
      <span
        data-testid="verdict"
        data-status="error"
        className={`rounded border px-2 py-0.5 text-xs ${ERA_STYLE.unreachable}`}
      >
        {t("target.probeFailed", { message: verdict.message })}
      </span>
    );
  }
  return (
    <span
      data-testid="verdict"
      data-status="done"
      data-era={verdict.era}
      className={`rounded border px-2 py-0.5 text-xs ${ERA_STYLE[verdict.era]}`}
    >
      {verdictText(verdict, t)}
    </span>
  );
}

/** A legacy HTTP session the playground will send on every later request to this target. */
export function SessionChip({ session, onForget }: { session: HttpSession; onForget: () => void }) {
  const t = useTranslations();
  return (
    <span
      data-testid="http-session"
      className="flex items-center gap-1 rounded border border-slate-300 px-2 py-0.5 text-xs dark:border-slate-600"
    >
      <span className="text-slate-600 dark:text-slate-400">Mcp-Session-Id</span>
      <code>{session.sessionId}</code>
      {session.protocolVersion ? (
        <span className="text-slate-600 dark:text-slate-400">· MCP-Protocol-Version {session.protocolVersion}</span>
      ) : null}
      <Button data-testid="forget-session" onClick={onForget}>
        {t("target.forgetSession")}
      </Button>
    </span>
  );
}
