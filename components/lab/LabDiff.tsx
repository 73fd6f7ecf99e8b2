/** Where the columns disagree, step by step; and for modern vs legacy, what differed on the wire. */
import { useTranslations } from "next-intl";
import { say } from "@/lib/i18n/translate";
import type { LabReport } from "@/lib/lab/report";

export function LabDiff({ report }: { report: LabReport }) {
  const t = useTranslations();
  if (report.columns.length < 2) return null;
  // A cell names its column by the condition's English label: say it in the reader's language.
  const conditionName = (label: string) => {
    const id = report.columns.find((c) => c.label === label)?.condition;
    return id && t.has(`lab.cond.${id}.label`) ? t(`lab.cond.${id}.label`) : label;
  };
  return (
    <section className="flex flex-col gap-2 text-xs" data-testid="lab-diff">
      <h3 className="text-sm font-semibold">{t("lab.diffHeading")}</h3>
      <table className="w-full border-collapse">
        <thead>
          <tr className="text-left">
            <th className="border-b p-1">{t("lab.diffStep")}</th>
            {report.diff[0]?.cells.map((c) => (
              <th key={c.condition} className="border-b p-1">
                {conditionName(c.condition)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {report.diff.map((row) => (
            <tr
              key={row.stepId}
              className={row.differs ? "bg-amber-50 dark:bg-amber-950" : ""}
              data-testid="lab-diff-row"
              data-differs={row.differs}
            >
              <td className="p-1 align-top font-medium">{row.stepId}</td>
              {row.cells.map((c) => (
                <td key={c.condition} className="break-all p-1 align-top font-mono">
                  {c.summaryMsg ? say(c.summaryMsg, t) : c.summary}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {report.wire ? (
        <>
          <h3 className="text-sm font-semibold">{t("lab.wireDiffHeading")}</h3>
          <ul className="list-disc pl-5" data-testid="lab-wire-diff">
            {report.wire.rows
              .filter((r) => r.differences.length > 0)
              .map((r) => {
                const stepId = r.left?.stepId ?? r.right?.stepId ?? "?";
                return (
                  <li key={stepId}>
                    <span className="font-medium">{stepId}</span>: {r.differences.join("; ")}
                  </li>
                );
              })}
          </ul>
        </>
      ) : null}
    </section>
  );
}
