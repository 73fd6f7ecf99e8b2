import { useTranslations } from "next-intl";
import type { CacheViolation } from "@/lib/cache/rules";
import { say, type Msg } from "@/lib/i18n/translate";
import { testAttributes } from "../card";

/** A violation's line: small, in its level's colour. */
const LINE = {
  error: "text-[11px] text-red-700 dark:text-red-300",
  warning: "text-[11px] text-amber-700 dark:text-amber-300",
} as const;

/** Violations with the rule they break; every string from the server is rendered as text. */
export function ViolationLines({
  violations,
}: {
  violations:
    { rule: string; level: "error" | "warning"; message: string; messageMsg?: Msg; spec: string }[] | CacheViolation[];
}) {
  const t = useTranslations();
  if (violations.length === 0) return null;
  return (
    <ul className="space-y-0.5">
      {violations.map((v, i) => (
        <li key={i} {...testAttributes("cache-violation", { rule: v.rule, level: v.level })} className={LINE[v.level]}>
          <span className="font-semibold">
            {v.level === "error" ? "✕" : "!"} {v.rule}
          </span>
          : {v.messageMsg ? say(v.messageMsg, t) : v.message}{" "}
          <cite className="not-italic text-slate-600 dark:text-slate-400">({v.spec})</cite>
        </li>
      ))}
    </ul>
  );
}
