"use client";
/** Per tool, costliest first: total tokens, a bar, each field's tokens, and what the structure adds. */
import { TOOL_FIELDS, formatTokens, type Bill, type ToolField } from "@/lib/tokens/bill";
import { formatDelta, type BillDelta } from "@/lib/tokens/whatif";

const HEADINGS: Record<ToolField, string> = {
  name: "name", title: "title", description: "description", inputSchema: "inputSchema", outputSchema: "outputSchema", annotations: "annotations", other: "other keys",
};

export function BillTable({ bill, delta, onEdit }: { bill: Bill; delta?: BillDelta; onEdit: (index: number) => void }) {
  const fields = TOOL_FIELDS.filter((f) => bill.perTool.some((t) => t.fields[f] !== undefined));
  const counted = new Set(bill.perTool.flatMap((t) => t.counted));
  const max = Math.max(1, ...bill.perTool.map((t) => t.tokens));
  return (
    <div className="overflow-x-auto">
      <table data-testid="bill-table" className="w-full border-collapse text-xs tabular-nums">
        <thead>
          <tr className="border-b border-slate-300 text-left text-slate-500 dark:border-slate-600 dark:text-slate-400">
            <th className="py-1 pr-2 font-medium">tool</th>
            <th className="py-1 pr-2 text-right font-medium">tokens</th>
            <th className="w-24 py-1 pr-2" aria-label="share" />
            {fields.map((f) => (
              <th key={f} className={`py-1 pr-2 text-right font-medium ${counted.has(f) ? "" : "italic text-slate-400"}`} title={counted.has(f) ? "counted in the tool's tokens" : "billed alone, not counted in the tool's tokens"}>
                {counted.has(f) ? HEADINGS[f] : `(${HEADINGS[f]})`}
              </th>
            ))}
            <th className="py-1 pr-2 text-right font-medium" title="tool tokens minus the counted fields: keys, braces, separators">struct</th>
            <th className="py-1" />
          </tr>
        </thead>
        <tbody>
          {bill.perTool.map((t) => {
            const d = delta?.perTool.get(t.index);
            return (
              <tr key={t.index} data-testid="bill-row" data-tool={t.name} data-tokens={t.tokens} className="border-b border-slate-100 dark:border-slate-800">
                <td className="max-w-56 truncate py-1 pr-2 font-mono" title={t.name}>{t.name}</td>
                <td className="py-1 pr-2 text-right font-semibold">
                  {formatTokens(t.tokens)}
                  {d ? <span className={`ml-1 font-normal ${d < 0 ? "text-green-700 dark:text-green-400" : "text-red-700 dark:text-red-400"}`}>{formatDelta(d)}</span> : null}
                </td>
                <td className="py-1 pr-2">
                  <div className="h-2 rounded bg-blue-500/70" style={{ width: `${Math.max(2, (100 * t.tokens) / max)}%` }} />
                </td>
                {fields.map((f) => (
                  <td key={f} className={`py-1 pr-2 text-right ${t.counted.includes(f) ? "" : "text-slate-400"}`}>
                    {t.fields[f] === undefined ? "–" : formatTokens(t.fields[f])}
                  </td>
                ))}
                <td className="py-1 pr-2 text-right text-slate-500">{t.structure}</td>
                <td className="py-1 text-right">
                  <button type="button" data-testid="bill-edit" className="text-blue-700 hover:underline dark:text-blue-300" onClick={() => onEdit(t.index)}>
                    what if…
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
