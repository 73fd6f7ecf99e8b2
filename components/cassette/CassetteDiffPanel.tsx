"use client";
/**
 * The Cassette diff tab: a cassette file replayed against the page's current target (through the page's bridge
 * client, so every exchange lands on the Timeline) and lib/cassette's classification shown recorded | live, per
 * interaction. Nothing is sent before the user clicks Diff.
 */
import { useTranslations } from "next-intl";
import { useState } from "react";
import { say } from "@/lib/a11y/announce";
import { say as sayMsg, type Msg } from "@/lib/i18n/translate";
import { diffRows, sayDetail, type DiffRow, type Difference } from "@/lib/cassette/diff";
import type { Cassette } from "@/lib/cassette/format";
import { cassetteFromText } from "@/lib/cassette/input";
import { replayAndDiff } from "@/lib/cassette/replay-diff";
import { selectTarget, targetHasProcess } from "@/lib/session";
import type { PanelProps } from "../playground/types";
import { Button, JsonFileButton, inputClass } from "../ui";
import { TabSection } from "../playground/TabSection";

type Loaded =
  { kind: "none" } | { kind: "error"; name: string; reason: string } | { kind: "ok"; name: string; cassette: Cassette };
type Run =
  | { kind: "idle" }
  | { kind: "running" }
  | { kind: "failed"; message: string }
  | {
      kind: "done";
      heading: Msg;
      rows: DiffRow[];
      general: Difference[];
      breaking: number;
      nonBreaking: Difference[];
      same: number;
      compared: number;
    };

/** Cassette files are read whole; one larger than this is refused before it is read. */
const MAX_FILE_BYTES = 20_000_000;

export function CassetteDiffPanel({ state, dispatch, commands }: PanelProps) {
  const [loaded, setLoaded] = useState<Loaded>({ kind: "none" });
  const [which, setWhich] = useState(0);
  const [run, setRun] = useState<Run>({ kind: "idle" });
  const view = selectTarget(state);
  const t = useTranslations();

  async function load(file: File) {
    setRun({ kind: "idle" });
    setWhich(0);
    setLoaded(await loadedFrom(file, t));
  }

  async function diff() {
    if (loaded.kind !== "ok" || view.kind !== "ready") return;
    setRun({ kind: "running" });
    // The recording began from a fresh server: start this one fresh too, with no remembered legacy session.
    if (view.transport === "http") dispatch({ type: "session/forget", targetKey: view.key });
    if (targetHasProcess(view.target)) await commands.process("restart");
    try {
      const done = await replayRun(loaded.cassette, which, commands, view.label, t);
      setRun(done);
      if (done.kind === "done")
        say(done.breaking ? t("diff.breaking", { count: done.breaking }) : t("diff.noBreaking"));
    } catch (e) {
      setRun({ kind: "failed", message: (e as Error).message });
    }
  }

  const targets = loaded.kind === "ok" ? loaded.cassette.targets : [];
  return (
    <TabSection tab="diff" data-testid="cassette-panel">
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <JsonFileButton label={t("diff.load")} testId="cassette-file" onFile={(file) => void load(file)} />
        {targets.length > 1 ? <TargetChoice targets={targets} which={which} onChange={setWhich} /> : null}
        <Button
          tone="primary"
          data-testid="cassette-diff-run"
          disabled={loaded.kind !== "ok" || view.kind !== "ready" || run.kind === "running"}
          onClick={() => void diff()}
        >
          {run.kind === "running" ? t("diff.running") : t("diff.run")}
        </Button>
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="cassette-loaded">
        {loaded.kind === "ok"
          ? t("diff.loaded", {
              name: loaded.name,
              count: loaded.cassette.interactions.length,
              target: targets[which]?.label ?? "?",
              era: targets[which]?.era ?? "?",
            })
          : loaded.kind === "none"
            ? t("diff.none")
            : ""}
        {view.kind === "ready" ? t("diff.talksTo", { target: view.label }) : view.problem}
      </p>
      {loaded.kind === "error" ? (
        <p role="alert" data-testid="cassette-file-error" className="text-xs text-red-700 dark:text-red-400">
          {t("diff.fileError", { name: loaded.name, reason: loaded.reason })}
        </p>
      ) : null}
      {run.kind === "failed" ? (
        <p role="alert" data-testid="cassette-diff-error" className="text-xs text-red-700 dark:text-red-400">
          {t("diff.replayError", { reason: run.message })}
        </p>
      ) : null}
      {run.kind === "done" ? <DiffResult run={run} /> : null}
    </TabSection>
  );
}

/** A chosen file as a cassette: a cassette, or what the CLI makes one from (the page's own exported session file among them). */
async function loadedFrom(file: File, t: ReturnType<typeof useTranslations>): Promise<Loaded> {
  if (file.size > MAX_FILE_BYTES)
    return { kind: "error", name: file.name, reason: t("diff.tooLarge", { max: MAX_FILE_BYTES }) };
  const parsed = cassetteFromText(await file.text(), file.name);
  return parsed.ok
    ? { kind: "ok", name: file.name, cassette: parsed.cassette }
    : { kind: "error", name: file.name, reason: parsed.reason };
}

/** The cassette replayed against the target through the page's sends, and its classification as the tab shows it. */
async function replayRun(
  cassette: Cassette,
  which: number,
  commands: PanelProps["commands"],
  label: string,
  t: ReturnType<typeof useTranslations>,
): Promise<Run> {
  const result = await replayAndDiff(
    cassette,
    which,
    async (frame, extra) => {
      const exchange = await commands.sendFrame(frame, {
        label: t("diff.cardLabel", { what: extra?.label ?? t("diff.request") }),
        headers: extra?.headers,
        noCache: true,
      });
      if (!exchange) throw new Error(t("diff.notDelivered", { what: extra?.label ?? frame.slice(0, 60) }));
      return exchange;
    },
    label,
  );
  if (!result.ok) return { kind: "failed", message: result.reason };
  const { rows, general } = diffRows(result.report, result.pairs);
  const { breaking, nonBreaking, same, compared } = result.report;
  return {
    kind: "done",
    heading: result.headingMsg,
    rows,
    general,
    breaking: breaking.length,
    nonBreaking,
    same,
    compared,
  };
}

/** Which of the cassette's recorded targets to replay (when it holds more than one). */
function TargetChoice({
  targets,
  which,
  onChange,
}: {
  targets: Cassette["targets"];
  which: number;
  onChange: (which: number) => void;
}) {
  const t = useTranslations();
  return (
    <label className="inline-flex items-center gap-1">
      {t("diff.recordedTarget")}
      <select
        className={inputClass}
        value={which}
        onChange={(e) => onChange(Number(e.target.value))}
        data-testid="cassette-target"
      >
        {targets.map((t, i) => (
          <option key={i} value={i}>
            {t.label}
          </option>
        ))}
      </select>
    </label>
  );
}

function json(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? "undefined";
}

function DiffList({ items, tone }: { items: Difference[]; tone: "breaking" | "other" }) {
  const t = useTranslations();
  return (
    <ul className="ml-4 list-disc">
      {items.map((d, i) => (
        <li
          key={i}
          className={`break-words ${tone === "breaking" ? "text-red-800 dark:text-red-300" : ""}`}
          data-kind={d.kind}
        >
          <span className="font-semibold">{d.kind}</span> <code className="break-all">{d.path}</code>: {sayDetail(d, t)}
        </li>
      ))}
    </ul>
  );
}

function DiffResult({ run }: { run: Extract<Run, { kind: "done" }> }) {
  const t = useTranslations();
  return (
    <div data-testid="cassette-diff" data-breaking={run.breaking} className="flex flex-col gap-2 text-xs">
      <p className="font-semibold" role="status">
        {t("diff.summary", {
          breaking: run.breaking ? t("diff.breaking", { count: run.breaking }) : t("diff.noBreaking"),
          nonBreaking: run.nonBreaking.length,
          same: run.same,
          compared: run.compared,
        })}
      </p>
      <p className="break-words text-slate-600 dark:text-slate-400">{sayMsg(run.heading, t)}</p>
      {run.general.length ? <DiffList items={run.general} tone="breaking" /> : null}
      <ol className="flex flex-col gap-2">
        {run.rows.map((row) => (
          <li
            key={row.index}
            data-testid="cassette-diff-row"
            data-breaking={row.breaking.length > 0 ? "true" : "false"}
            className={`rounded border p-2 ${row.breaking.length ? "border-red-400 dark:border-red-700" : "border-slate-300 dark:border-slate-600"}`}
          >
            <h3 className="break-words font-semibold">
              #{row.index + 1} {row.title} —{" "}
              {row.breaking.length ? (
                <span className="text-red-800 dark:text-red-300">{t("diff.rowBreaking")}</span>
              ) : row.nonBreaking.length ? (
                t("diff.rowDiffers")
              ) : (
                t("diff.rowSame")
              )}
            </h3>
            {row.breaking.length ? <DiffList items={row.breaking} tone="breaking" /> : null}
            <div className="mt-1 grid grid-cols-2 gap-2">
              <FrameColumn title={t("diff.recorded")} text={json(row.recorded)} />
              <FrameColumn
                title={t("diff.live")}
                text={
                  row.live.frame
                    ? json(row.live.frame)
                    : t("diff.noAnswer", { reason: row.live.failure ?? t("diff.nothingBack") })
                }
              />
            </div>
          </li>
        ))}
      </ol>
      {run.nonBreaking.length ? (
        <section aria-label={t("diff.notBreaking")} data-testid="cassette-diff-nonbreaking">
          <h3 className="font-semibold">{t("diff.notBreakingCount", { count: run.nonBreaking.length })}</h3>
          <DiffList items={run.nonBreaking} tone="other" />
        </section>
      ) : null}
    </div>
  );
}

function FrameColumn({ title, text }: { title: string; text: string }) {
  return (
    <div className="min-w-0">
      <div className="font-medium text-slate-700 dark:text-slate-300">{title}</div>
      <pre
        tabIndex={0}
        aria-label={title}
        className="max-h-64 overflow-auto rounded bg-slate-100 p-1 text-[11px] dark:bg-slate-900"
      >
        {text}
      </pre>
    </div>
  );
}
