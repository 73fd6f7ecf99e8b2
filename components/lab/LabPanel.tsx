"use client";
import { useLocale, useTranslations } from "next-intl";
/**
 * The experiments lab: pick or edit a script, choose conditions, run — one column per condition, verdicts
 * computed from the frames, and a diff. Runs only on an explicit click (the lab spawns processes).
 */
import { useEffect, useState } from "react";
import type { BridgeReply, Target } from "@/lib/bridge/contract";
import { CONDITION_IDS, LAB_LIMITS, type ConditionId } from "@/lib/lab/conditions";
import { BUILT_IN_SCRIPTS } from "@/lib/lab/scripts";
import { scriptWords } from "@/lib/lab/scripts/words";
import { parseLabScript, type LabScript } from "@/lib/lab/script";
import { spawnConfirmation } from "@/lib/share/live";
import { labFailedSentence, labSentence, type LabReport } from "@/lib/lab/report";
import { restoreLab, saveLab, SAVED_LAB_KEY, type SavedLab } from "@/lib/lab/persist";
import { say } from "@/lib/a11y/announce";
import type { PanelProps } from "../playground/types";
import { LazyEditor } from "../editor/LazyEditor";
import { LinkInput } from "../share/LinkField";
import { useFragmentLink } from "../share/useFragmentLink";
import { RunLiveDialog } from "../share/RunLiveDialog";
import { Button, Checkbox, Menu, PanelHeading } from "../ui";
import { LabColumnView } from "./LabColumnView";
import { LabDiff } from "./LabDiff";

const pretty = (v: unknown) => JSON.stringify(v, null, 2);

type RunState =
  | { status: "idle" }
  | { status: "running" }
  | { status: "done"; report: LabReport }
  | { status: "error"; message: string };

export function LabPanel({ commands }: PanelProps) {
  const t = useTranslations();
  const locale = useLocale();
  const [scriptId, setScriptId] = useState(BUILT_IN_SCRIPTS[0].id);
  const [text, setText] = useState(pretty(BUILT_IN_SCRIPTS[0].script));
  // Bumped on programmatic replacements (another experiment, a link) so the editor rewrites its model.
  const [textVersion, setTextVersion] = useState(0);
  const replaceText = (next: string) => {
    setText(next);
    setTextVersion((v) => v + 1);
  };
  const [conditions, setConditions] = useState<ConditionId[]>([...BUILT_IN_SCRIPTS[0].conditions]);
  const [run, setRun] = useState<RunState>({ status: "idle" });
  const parsed = parseLabScript(text);
  const [fromLink, setFromLink] = useState<{ kind: "ok" } | { kind: "error"; reason: string } | null>(null);
  const [shareLink, setShareLink] = useState<string | null>(null);

  // The last result comes back after a reload (unless an experiment link opens instead).
  const [restoredAt, setRestoredAt] = useState<number | null>(null);
  useEffect(() => {
    if (window.location.hash.startsWith("#lab=")) return;
    let saved: SavedLab | null = null;
    try {
      const text = window.localStorage.getItem(SAVED_LAB_KEY);
      saved = text ? restoreLab(text) : null;
    } catch {
      saved = null; // storage disabled
    }
    if (!saved) return;
    const { report, scriptText, conditions: savedConditions, savedAt } = saved;
    // After mount (like a link's script), so the first render matches the server's.
    void Promise.resolve().then(() => {
      setScriptId(BUILT_IN_SCRIPTS.find((s) => pretty(s.script) === scriptText)?.id ?? "");
      setText(scriptText);
      setTextVersion((v) => v + 1);
      setConditions(savedConditions.filter((c): c is ConditionId => (CONDITION_IDS as readonly string[]).includes(c)));
      setRun({ status: "done", report });
      setRestoredAt(savedAt);
    });
  }, []);

  // An experiment link, opened or pasted into this tab, loads the script and its conditions; it never runs them.
  useFragmentLink("lab=", (hash) => {
    void import("@/lib/lab/link").then(async ({ decodeLabFragment }) => {
      const decoded = await decodeLabFragment(hash);
      if (decoded.kind === "ok") {
        replaceText(pretty(decoded.script));
        setConditions(decoded.conditions);
        setScriptId("");
        // As when the link is opened fresh: no earlier result beside the link's script.
        setRun({ status: "idle" });
        setRestoredAt(null);
        setFromLink({ kind: "ok" });
      } else if (decoded.kind === "error") setFromLink({ kind: "error", reason: decoded.reason });
    });
  });

  const copyLink = async () => {
    if (!parsed.ok) return;
    const { encodeLabFragment } = await import("@/lib/lab/link");
    const link = `${window.location.origin}${window.location.pathname}#${await encodeLabFragment(parsed.script, conditions)}`;
    setShareLink(link);
    await navigator.clipboard?.writeText(link).catch(() => {});
  };

  const choose = (id: string) => {
    const builtIn = BUILT_IN_SCRIPTS.find((s) => s.id === id);
    if (!builtIn) return;
    setScriptId(id);
    replaceText(pretty(builtIn.script));
    setConditions([...builtIn.conditions]);
    setRun({ status: "idle" });
  };
  const toggle = (id: ConditionId) =>
    setConditions((cs) => (cs.includes(id) ? cs.filter((c) => c !== id) : [...cs, id]));
  // A script whose target is a command (not an embedded server) — from a link or edited — runs only after the
  // user has seen its argv, cwd and env keys and confirmed; the confirmed command is remembered until it changes.
  const [confirming, setConfirming] = useState<Extract<Target, { kind: "stdio" }> | null>(null);
  const [approved, setApproved] = useState<{ key: string; target: Target } | null>(null);
  const runScript = async (script: LabScript) => {
    setRun({ status: "running" });
    const reply: BridgeReply<LabReport> = await commands.api<LabReport>("lab/run", { script, conditions });
    const message = reply.ok ? "" : `${reply.kind}: ${reply.message}`;
    setRun(reply.ok ? { status: "done", report: reply.value } : { status: "error", message });
    setRestoredAt(null);
    say(reply.ok ? labSentence(reply.value, t) : labFailedSentence(message, t));
    if (reply.ok) {
      const saved = saveLab({ scriptText: text, conditions, report: reply.value, now: Date.now() });
      try {
        if (saved) window.localStorage.setItem(SAVED_LAB_KEY, saved);
        else window.localStorage.removeItem(SAVED_LAB_KEY);
      } catch {
        // storage full or disabled: the result is on screen, it is just not kept
      }
    }
  };
  const start = async () => {
    if (!parsed.ok || run.status === "running") return;
    const { target } = parsed.script;
    if (target.kind !== "stdio") return runScript(parsed.script);
    if (approved?.key === JSON.stringify(target)) return runScript({ ...parsed.script, target: approved.target });
    setConfirming(target);
  };
  const confirmation = confirming ? spawnConfirmation(confirming) : null;

  return (
    <section className="flex flex-col gap-3" aria-label={t("lab.sectionLabel")} data-testid="lab">
      <PanelHeading title={t("lab.title")} subtitle={t("lab.subtitle")}>
        <Menu label={t("lab.experiment")} testId="lab-script" value={scriptId} onChange={choose}>
          {scriptId === "" ? <option value="">{t("lab.fromLinkOption")}</option> : null}
          {BUILT_IN_SCRIPTS.map((s) => (
            <option key={s.id} value={s.id}>
              {scriptWords((s.script as { title: string }).title, t)}
            </option>
          ))}
        </Menu>
        <Button
          data-testid="lab-copy-link"
          disabled={!parsed.ok}
          onClick={() => void copyLink()}
          title={t("lab.copyLinkTitle")}
        >
          {t("lab.copyLink")}
        </Button>
        <Button
          tone="primary"
          data-testid="lab-run"
          disabled={!parsed.ok || conditions.length === 0 || run.status === "running"}
          onClick={() => void start()}
        >
          {run.status === "running" ? t("lab.running") : t("lab.run")}
        </Button>
      </PanelHeading>
      {fromLink?.kind === "ok" ? (
        <p
          className="rounded border border-blue-300 bg-blue-50 p-2 text-xs text-blue-900 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-200"
          data-testid="lab-from-link"
        >
          {t("lab.fromLink")}
        </p>
      ) : null}
      {fromLink?.kind === "error" ? (
        <p className="text-xs text-red-700 dark:text-red-300" data-testid="lab-link-error">
          {t("lab.linkError", { reason: fromLink.reason })}
        </p>
      ) : null}
      {confirming && confirmation ? (
        <RunLiveDialog
          target={confirming}
          confirmation={confirmation}
          asker={t("lab.asker")}
          confirmLabel={t("lab.confirm")}
          onCancel={() => setConfirming(null)}
          onConfirm={(target) => {
            setConfirming(null);
            setApproved({ key: JSON.stringify(confirming), target });
            if (parsed.ok) void runScript({ ...parsed.script, target });
          }}
        />
      ) : null}
      {shareLink ? <LinkInput url={shareLink} testId="lab-link" label={t("lab.linkLabel")} /> : null}
      {/* Results first: the verdicts are what the user ran it for; the script and conditions follow. */}
      {run.status === "error" ? (
        <p className="text-sm text-red-700 dark:text-red-300" data-testid="lab-error">
          {t("lab.error", { message: run.message })}
        </p>
      ) : null}
      {run.status === "done" && restoredAt !== null ? (
        <p data-testid="lab-restored" className="text-xs text-slate-500">
          {t("lab.restored", {
            time: new Date(restoredAt).toLocaleTimeString(locale === "en" ? "en-GB" : locale, {
              hour: "2-digit",
              minute: "2-digit",
            }),
          })}
        </p>
      ) : null}
      {run.status === "done" ? (
        <>
          <div className="grid gap-3 xl:grid-cols-2">
            {run.report.columns.map((column) => (
              <LabColumnView key={column.condition} column={column} />
            ))}
          </div>
          <LabDiff report={run.report} />
        </>
      ) : null}
      {parsed.ok ? (
        <p className="text-xs text-slate-600 dark:text-slate-300">{scriptWords(parsed.script.description, t)}</p>
      ) : null}
      <fieldset className="flex flex-wrap gap-x-4 gap-y-1 text-xs" data-testid="lab-conditions">
        <legend className="mb-1 font-medium">{t("lab.conditions")}</legend>
        {CONDITION_IDS.map((id) => (
          <Checkbox
            key={id}
            title={t(`lab.cond.${id}.explain`)}
            testId={`lab-condition-${id}`}
            checked={conditions.includes(id)}
            onChange={() => toggle(id)}
          >
            {t(`lab.cond.${id}.label`)}
          </Checkbox>
        ))}
      </fieldset>
      <details className="text-xs">
        <summary className="cursor-pointer">{t("lab.scriptSummary")}</summary>
        <div
          className="mt-1 h-72 overflow-hidden rounded border border-slate-300 dark:border-slate-600"
          data-testid="lab-script-editor"
        >
          <LazyEditor
            value={text}
            valueVersion={textVersion}
            onChange={setText}
            onSubmit={() => void start()}
            path="lab-script.json"
            ariaLabel={t("lab.editorLabel")}
          />
        </div>
        {!parsed.ok ? (
          <p className="text-red-700 dark:text-red-300" data-testid="lab-script-error">
            {parsed.error}
          </p>
        ) : null}
      </details>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {t("lab.bounds", {
          column: LAB_LIMITS.maxRunMs / 1000,
          step: LAB_LIMITS.stepTimeoutMs / 1000,
          max: LAB_LIMITS.maxConditions,
        })}
      </p>
      {run.status === "idle" ? (
        <p
          className="rounded border border-dashed border-slate-300 p-4 text-sm text-slate-600 dark:border-slate-600 dark:text-slate-300"
          data-testid="lab-empty"
        >
          {t("lab.empty")}
        </p>
      ) : null}
    </section>
  );
}
