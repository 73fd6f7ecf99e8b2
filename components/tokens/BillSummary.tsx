"use client";
import { useLocale, useTranslations } from "next-intl";
/** The chapter's little table, for this catalogue, plus "N servers like this one" with N and W adjustable. */
import type { ReactNode } from "react";
import { fleetCost, fleetSentence, formatTokens, type Bill } from "@/lib/tokens/bill";
import type { FleetInput } from "@/lib/tokens/panel";
import { formatDelta, type BillDelta } from "@/lib/tokens/whatif";
import { inputClass } from "../ui";

function Line({
  label,
  value,
  testId,
  delta,
  strong,
}: {
  label: ReactNode;
  value: number;
  testId: string;
  delta?: number;
  strong?: boolean;
}) {
  const locale = useLocale();
  return (
    <div
      className={`flex items-baseline justify-between gap-4 ${strong ? "border-t border-slate-300 pt-1 font-semibold dark:border-slate-600" : ""}`}
    >
      <span>{label}</span>
      <span className="tabular-nums">
        <span data-testid={testId} data-value={value}>
          {formatTokens(value, locale)}
        </span>
        {delta ? (
          <span className="ml-1 text-xs font-normal text-slate-600 dark:text-slate-400">({formatDelta(delta)})</span>
        ) : null}
      </span>
    </div>
  );
}

export interface FleetProps {
  servers: string;
  window: string;
  input: FleetInput;
  onChange: (patch: { servers?: string; window?: string }) => void;
}

/** The fleet's two numbers, each a labelled numeric field. */
const FLEET_FIELDS = [
  {
    key: "servers",
    width: "w-16",
  },
  {
    key: "window",
    width: "w-24",
  },
] as const;

export function BillSummary({ bill, delta, fleet }: { bill: Bill; delta?: BillDelta; fleet: FleetProps }) {
  const t = useTranslations();
  const locale = useLocale();
  const cheapest = bill.perTool.at(-1);
  const costliest = bill.perTool[0];
  const from = bill.measured?.instructionsFrom;
  return (
    <div
      data-testid="bill-summary"
      className="flex flex-col gap-1 rounded border border-slate-200 p-3 font-mono text-xs dark:border-slate-700"
    >
      <Line
        label={
          <>
            <span data-testid="bill-tool-count" data-value={bill.tools}>
              {bill.tools}
            </span>{" "}
            {t("tokens.toolDefinitions", {
              count: bill.tools,
              fields: t(`catalogueMenus.fieldSet.${bill.options.fieldSet}`),
            })}
          </>
        }
        value={bill.toolsTokens}
        testId="bill-tools-tokens"
        delta={delta?.toolsTokens}
      />
      {cheapest && cheapest !== costliest ? (
        <Line
          label={<span className="pl-4">{t("tokens.cheapest", { name: cheapest.name })}</span>}
          value={cheapest.tokens}
          testId="bill-cheapest"
        />
      ) : null}
      {costliest ? (
        <Line
          label={<span className="pl-4">{t("tokens.costliest", { name: costliest.name })}</span>}
          value={costliest.tokens}
          testId="bill-costliest"
        />
      ) : null}
      <Line
        label={<span className="pl-4 text-slate-600 dark:text-slate-400">{t("tokens.sum")}</span>}
        value={bill.sumOfPerTool}
        testId="bill-sum"
      />
      {bill.hasInstructions ? (
        <Line
          label={from ? t("tokens.instructionsFrom", { from }) : t("tokens.instructions")}
          value={bill.instructionsTokens}
          testId="bill-instructions"
          delta={delta?.instructionsTokens}
        />
      ) : (
        <p className="text-slate-600 dark:text-slate-400">{t("tokens.noInstructions")}</p>
      )}
      <Line label={t("tokens.total")} value={bill.totalTokens} testId="bill-total" delta={delta?.totalTokens} strong />
      <p className="text-slate-600 dark:text-slate-400">
        {t("tokens.bytes")}{" "}
        <span data-testid="bill-bytes" data-value={bill.bytes}>
          {formatTokens(bill.bytes, locale)}
        </span>{" "}
        {t("tokens.bytesHow", { pages: bill.pages })} · {bill.options.encoding} · {bill.options.layout}
      </p>
      <FleetCost total={bill.totalTokens} fleet={fleet} />
    </div>
  );
}

/** What the catalogue costs a fleet: servers and context window in, one sentence out. */
function FleetCost({ total, fleet }: { total: number; fleet: FleetProps }) {
  const t = useTranslations();
  const locale = useLocale();
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2 font-sans">
      {FLEET_FIELDS.map((f) => (
        <label key={f.key} className="flex items-center gap-1">
          <span title={t(`tokens.fleet.${f.key}Title`)}>{t(`tokens.fleet.${f.key}`)}</span>{" "}
          <input
            data-testid={`fleet-${f.key}`}
            aria-label={t(`tokens.fleet.${f.key}Aria`)}
            className={`${inputClass} ${f.width}`}
            inputMode="numeric"
            value={fleet[f.key]}
            onChange={(e) => fleet.onChange({ [f.key]: e.target.value })}
          />
        </label>
      ))}
      <span className="basis-full text-xs text-slate-600 dark:text-slate-400">{t("tokens.fleet.legend")}</span>
      <span data-testid="bill-fleet" className={fleet.input.ok ? "text-sm" : "text-sm text-red-700 dark:text-red-400"}>
        {fleet.input.ok
          ? fleetSentence(fleetCost(total, fleet.input.servers, fleet.input.window), t, locale)
          : fleet.input.error}
      </span>
    </div>
  );
}
