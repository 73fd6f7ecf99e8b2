"use client";
import { useTranslations } from "next-intl";
/** The Catalogue tab: what the current target's tools and instructions cost in every prompt. */
import { slotBill, isEdited, selectFleet } from "@/lib/tokens/panel";
import { billDelta } from "@/lib/tokens/whatif";
import type { PanelProps } from "../playground/types";
import { Button, PanelHeading } from "../ui";
import { BillSummary } from "./BillSummary";
import { BillTable } from "./BillTable";
import { TokensControls } from "./TokensControls";
import { HowCounted, MeasuredNote, SecurityNote } from "./Notes";
import { useTokens } from "./useTokens";
import { WhatIfEditor } from "./WhatIfEditor";

export function TokensPanel(props: PanelProps) {
  const t = useTranslations();
  const { state, dispatch, fetch, view } = useTokens(props);
  const bill = slotBill(state.bills.current);
  const edited = isEdited(state);
  const baseline = edited ? slotBill(state.bills.baseline) : undefined;
  const sameOptions = bill && baseline && JSON.stringify(baseline.options) === JSON.stringify(bill.options);
  const delta = bill && baseline && sameOptions ? billDelta(baseline, bill) : undefined;
  const running = state.fetch.status === "running";
  const billing = state.bills.current.status === "pending";
  return (
    <section
      className="flex flex-col gap-3"
      aria-label={t("tokens.sectionLabel")}
      data-testid="catalog-panel"
      data-status={running ? "fetching" : billing ? "billing" : bill ? "billed" : "empty"}
    >
      <PanelHeading title={t("tokens.title")} subtitle={t("tokens.subtitle")}>
        <Button
          tone="primary"
          data-testid="catalog-fetch"
          disabled={view.kind !== "ready" || running}
          onClick={() => void fetch()}
        >
          {running ? t("tokens.fetching") : t("tokens.fetch")}
        </Button>
      </PanelHeading>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {view.kind === "ready" ? t("tokens.fetchTalks", { target: view.label }) : view.problem}
      </p>
      <TokensControls state={state} dispatch={dispatch} />
      {state.fetch.status === "failed" ? (
        <p data-testid="catalog-error" role="alert" className="text-xs text-red-700 dark:text-red-400">
          {t("tokens.fetchFailed", { message: state.fetch.message })}
        </p>
      ) : null}
      {state.bills.current.status === "failed" ? (
        <p data-testid="bill-error" role="alert" className="text-xs text-red-700 dark:text-red-400">
          {t("tokens.billFailed", { message: state.bills.current.message })}
        </p>
      ) : null}
      {bill ? (
        <>
          <MeasuredNote
            bill={bill}
            sourceLabel={state.source?.targetLabel}
            currentLabel={view.kind === "ready" ? view.label : undefined}
          />
          <BillSummary
            bill={bill}
            delta={delta}
            fleet={{
              ...state.fleet,
              input: selectFleet(state, t),
              onChange: (patch) => dispatch({ type: "fleet/set", ...patch }),
            }}
          />
          <HowCounted />
          <BillTable
            bill={bill}
            delta={delta}
            onEdit={(index) => dispatch({ type: "whatif/select", subject: { kind: "tool", index } })}
          />
          <WhatIfEditor state={state} dispatch={dispatch} edited={edited} />
        </>
      ) : (
        <p
          data-testid="catalog-empty"
          className="rounded border border-dashed border-slate-300 p-4 text-sm text-slate-600 dark:border-slate-600 dark:text-slate-300"
        >
          {running ? t("tokens.fetchingCatalogue") : t("tokens.empty")}
        </p>
      )}
      <SecurityNote />
    </section>
  );
}
