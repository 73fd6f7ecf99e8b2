"use client";
import { useTranslations } from "next-intl";
/**
 * A round's rule verdicts that did not hold: server violations and client departures. Each rule is stated once
 * with its level and spec reference, then every instance of it (the exact values seen).
 */
import { say } from "@/lib/i18n/translate";
import { MRTR_RULES, type MrtrRuleId, type Round, type RuleVerdict } from "@/lib/protocol/mrtr";

function byRule(verdicts: RuleVerdict[]): [MrtrRuleId, RuleVerdict[]][] {
  const groups = new Map<MrtrRuleId, RuleVerdict[]>();
  for (const v of verdicts) groups.set(v.rule, [...(groups.get(v.rule) ?? []), v]);
  return [...groups.entries()];
}

function Group({ rule, items, side }: { rule: MrtrRuleId; items: RuleVerdict[]; side: "server" | "client" }) {
  const t = useTranslations();
  const r = MRTR_RULES[rule];
  const info = r.level === "info";
  return (
    <li
      data-testid={info ? "mrtr-note" : side === "server" ? "mrtr-violation" : "mrtr-departure"}
      data-rule={rule}
      className={info ? "text-slate-600 dark:text-slate-300" : "text-red-800 dark:text-red-300"}
    >
      <span className="font-semibold">
        {info ? "·" : "✗"} {r.level}
      </span>{" "}
      {t(`mrtr.rules.${rule}`)} <span className="text-[10px] text-slate-600 dark:text-slate-400">({r.spec})</span>
      <ul className="list-disc pl-5 text-slate-700 dark:text-slate-300">
        {items.map((v, i) => (
          <li key={i}>{v.detailMsg ? say(v.detailMsg, t) : v.detail}</li>
        ))}
      </ul>
    </li>
  );
}

function Section({ title, verdicts, side }: { title: string; verdicts: RuleVerdict[]; side: "server" | "client" }) {
  if (verdicts.length === 0) return null;
  return (
    <>
      <p className="font-semibold">{title}</p>
      <ul className="flex flex-col gap-1 pl-1">
        {byRule(verdicts).map(([rule, items]) => (
          <Group key={rule} rule={rule} items={items} side={side} />
        ))}
      </ul>
    </>
  );
}

export function RoundRules({ round }: { round: Round }) {
  const t = useTranslations();
  const server = round.serverVerdicts.filter((v) => !v.pass);
  const client = round.clientVerdicts.filter((v) => !v.pass);
  if (server.length === 0 && client.length === 0) return null;
  return (
    <div
      data-testid="mrtr-round-rules"
      data-round={round.index}
      className="flex flex-col gap-1 rounded border border-red-200 p-2 text-xs dark:border-red-900"
    >
      <Section title={t("mrtr.rulesClient", { round: round.index })} verdicts={client} side="client" />
      <Section title={t("mrtr.rulesServer", { round: round.index })} verdicts={server} side="server" />
    </div>
  );
}
