"use client";
import { useTranslations } from "next-intl";
/** Per tool, costliest first: total tokens (with a bar), each field's tokens, and what the structure adds. */
import { TOOL_FIELDS, formatTokens, type Bill, type ToolField } from "@/lib/tokens/bill";
import { formatDelta, type BillDelta } from "@/lib/tokens/whatif";
import { testAttributes } from "../card";

/** Each column is a field of the definition: its short heading and its name (field names stay as on the wire). */
const HEADINGS: Record<Exclude<ToolField, "other">, [short: string, full: string]> = {
  name: ["name", "name"],
  title: ["title", "title"],
  description: ["descr.", "description"],
  inputSchema: ["input", "inputSchema"],
  outputSchema: ["out", "outputSchema"],
  annotations: ["ann.", "annotations"],
};

export function BillTable({ bill, delta, onEdit }: { bill: Bill; delta?: BillDelta; onEdit: (index: number) => void }) {
  const tr = useTranslations();
  const fields = TOOL_FIELDS.filter((f) => bill.perTool.some((t) => t.fields[f] !== undefined));
  const counted = new Set(bill.perTool.flatMap((t) => t.counted));
  const max = Math.max(1, ...bill.perTool.map((t) => t.tokens));
  const cell = "px-1 py-0.5 text-right";
  // "other" is not a field: the keys no other column counts, said in the reader's language.
  const heading = (f: ToolField): [string, string] =>
    f === "other" ? [tr("catalogueMenus.table.other"), tr("catalogueMenus.table.otherTitle")] : HEADINGS[f];
  return (
    <table data-testid="bill-table" className="w-full table-fixed border-collapse text-xs tabular-nums">
      <BillColumns fields={fields} />
      <thead>
        <tr className="border-b border-slate-300 text-slate-600 dark:border-slate-600 dark:text-slate-400">
          <th className="py-1 text-left font-medium">{tr("tokens.table.tool")}</th>
          <th className={`${cell} font-medium`}>{tr("tokens.table.tokens")}</th>
          {fields.map((f) => (
            <th
              key={f}
              className={`${cell} truncate font-medium ${counted.has(f) ? "" : "italic text-slate-600 dark:text-slate-400"}`}
              title={tr(counted.has(f) ? "tokens.table.counted" : "tokens.table.alone", { field: heading(f)[1] })}
            >
              {counted.has(f) ? heading(f)[0] : `(${heading(f)[0]})`}
            </th>
          ))}
          <th className={`${cell} font-medium`} title={tr("tokens.table.structureTitle")}>
            {tr("tokens.table.structure")}
          </th>
        </tr>
      </thead>
      <tbody>
        {bill.perTool.map((t) => {
          const d = delta?.perTool.get(t.index);
          return (
            <tr
              key={t.index}
              {...testAttributes("bill-row", { tool: t.name, tokens: t.tokens })}
              className="border-b border-slate-100 align-top dark:border-slate-800"
            >
              <td className="py-0.5 pr-1">
                <button
                  type="button"
                  data-testid="bill-edit"
                  title={tr("catalogueMenus.table.editTitle", { name: t.name })}
                  className="block w-full truncate text-left font-mono text-blue-800 hover:underline dark:text-blue-300"
                  onClick={() => onEdit(t.index)}
                >
                  {t.name}
                </button>
                <div
                  className="mt-0.5 h-1 rounded bg-blue-500/60"
                  style={{ width: `${Math.max(1, (100 * t.tokens) / max)}%` }}
                />
              </td>
              <td className={`${cell} font-semibold`}>
                {formatTokens(t.tokens)}
                {d ? (
                  <div
                    className={`font-normal ${d < 0 ? "text-green-700 dark:text-green-400" : "text-red-700 dark:text-red-400"}`}
                  >
                    {formatDelta(d)}
                  </div>
                ) : null}
              </td>
              {fields.map((f) => (
                <td
                  key={f}
                  className={`${cell} ${t.counted.includes(f) ? "" : "italic text-slate-600 dark:text-slate-400"}`}
                >
                  {t.fields[f] === undefined ? "–" : formatTokens(t.fields[f])}
                </td>
              ))}
              <td className={`${cell} text-slate-600 dark:text-slate-400`}>{t.structure}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The table's column widths and its caption (what the columns count). */
function BillColumns({ fields }: { fields: ToolField[] }) {
  const t = useTranslations();
  return (
    <>
      <colgroup>
        <col className="w-[34%]" />
        <col className="w-16" />
        {fields.map((f) => (
          <col key={f} />
        ))}
        <col />
      </colgroup>
      <caption
        className="caption-bottom pt-1 text-left text-[11px] text-slate-600 dark:text-slate-400"
        data-testid="bill-columns-explained"
      >
        {t("tokens.table.caption")}
      </caption>
    </>
  );
}
