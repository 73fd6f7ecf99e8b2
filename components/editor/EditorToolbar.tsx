"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { SEND_TIMEOUT_MS } from "@/lib/bridge/limits";
import { defaultMaxTotalMs, SEND_DEFAULTS } from "@/lib/bridge/send-options";
import { TEMPLATES } from "@/lib/protocol/templates";
import { selectPending, selectTarget } from "@/lib/session";
import { selectCheckedEra, templateMenu } from "@/lib/session/target-templates";
import type { PanelProps } from "../playground/types";
import { Button, Checkbox, inputClass } from "../ui";
import { useReplayTemplates } from "./useReplayTemplates";

/** A replay target's recorded request in the menu: `replay:<index>` (its frame is put in the editor as recorded). */
const REPLAY_OPTION = "replay:";

export function EditorToolbar({ state, dispatch, commands }: PanelProps) {
  const t = useTranslations();
  const pending = selectPending(state);
  const latest = pending[pending.length - 1];
  const view = selectTarget(state);
  const progressReset = state.sendOptions?.progressReset ?? SEND_DEFAULTS.progressReset;
  const ready =
    view.kind === "ready"
      ? { key: view.key, isCalendar: view.target.kind === "demo" && view.target.server.startsWith("calendar") }
      : null;
  const groups = templateMenu(
    state.entries,
    ready,
    view.kind === "ready" ? view.label : "",
    TEMPLATES,
    selectCheckedEra(state),
    t,
  );
  // The menu shows the template just inserted while it has focus, so the arrow keys (which change a closed
  // <select> as they move) step through the templates instead of snapping back to the first; leaving it
  // puts the "Template…" prompt back, so the same template can be chosen again for a fresh id.
  const [chosen, setChosen] = useState("");
  const replayed = useReplayTemplates(
    view.kind === "ready" && view.target.kind === "replay" ? view.target.cassette : null,
  );
  const choose = (value: string) => {
    if (value.startsWith(REPLAY_OPTION)) {
      const recorded = replayed[Number(value.slice(REPLAY_OPTION.length))];
      if (recorded) dispatch({ type: "editor/replace", text: recorded.frame });
    } else if (value) dispatch({ type: "editor/template", templateId: value });
  };
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="editor-toolbar">
      <select
        aria-label={t("editor.templateLabel")}
        data-testid="template-select"
        // A menu is as wide as its longest option (a per-tool template): it never runs past its column.
        className={`${inputClass} min-w-0 max-w-full`}
        value={chosen}
        onChange={(e) => {
          setChosen(e.target.value);
          choose(e.target.value);
        }}
        onBlur={() => setChosen("")}
      >
        <option value="">{t("editor.templatePrompt", { id: state.nextId })}</option>
        {replayed.length ? (
          <optgroup label={t("editor.replayGroup")} data-testid="template-replay-group">
            {replayed.map((r, i) => (
              <option key={r.frame} value={`${REPLAY_OPTION}${i}`}>
                {r.label}
              </option>
            ))}
          </optgroup>
        ) : null}
        {groups.map((g) => (
          <optgroup key={g.label} label={g.label}>
            {g.options.map((o) => (
              <option key={o.id} value={o.id} title={o.hint}>
                {o.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {(
        [
          ["add-meta", "editor/addEnvelope", t("editor.addMeta"), t("editor.addMetaTitle")],
          ["remove-meta", "editor/removeEnvelope", t("editor.removeMeta"), t("editor.removeMetaTitle")],
        ] as const
      ).map(([testId, type, label, title]) => (
        <Button key={testId} data-testid={testId} onClick={() => dispatch({ type })} title={title}>
          {label}
        </Button>
      ))}
      <label className="flex items-center gap-1 text-xs text-slate-600 dark:text-slate-300">
        {t("editor.timeout")}
        <MsInput
          testId="timeout-input"
          step={500}
          value={state.timeoutMs}
          onMs={(ms) => ms !== null && dispatch({ type: "timeout/set", ms })}
        />
        {t("editor.ms")}
      </label>
      <label
        className="flex items-center gap-1 text-xs text-slate-600 dark:text-slate-300"
        title={t("editor.progressTitle")}
      >
        <input
          type="checkbox"
          data-testid="progress-reset"
          checked={progressReset}
          onChange={(e) => dispatch({ type: "sendOptions/set", patch: { progressReset: e.target.checked } })}
        />
        {t("editor.progressResets")}
        <MsInput
          testId="max-total-input"
          step={1000}
          placeholder={String(defaultMaxTotalMs(state.timeoutMs))}
          label={t("editor.maxTotalLabel")}
          disabled={!progressReset}
          value={state.sendOptions?.maxTotalMs ?? ""}
          onMs={(ms) => dispatch({ type: "sendOptions/set", patch: { maxTotalMs: ms } })}
        />
        {t("editor.ms")}
      </label>
      {view.kind === "ready" && view.transport === "stdio" ? (
        <Checkbox
          className="text-xs text-slate-600 dark:text-slate-300"
          title={t("editor.oneLineTitle")}
          testId="stdio-one-line"
          checked={state.stdioOneLine}
          onChange={(on) => dispatch({ type: "stdioOneLine/set", on })}
        >
          {t("editor.oneLine")}
        </Checkbox>
      ) : null}
      <div className="ml-auto flex items-center gap-2">
        <Button
          tone="danger"
          data-testid="cancel-send"
          disabled={!latest}
          onClick={() => latest && void commands.cancel(latest.sendId)}
          title={t("editor.cancelTitle")}
        >
          {t("common.cancel")}
        </Button>
        <Button tone="primary" data-testid="send" onClick={() => void commands.send()} title={t("editor.sendTitle")}>
          {t("editor.send")} <span className="font-normal">Ctrl+Enter</span>
        </Button>
      </div>
    </div>
  );
}

/** A millisecond field within the bridge's send limits: out-of-range typing is ignored, empty is null. */
function MsInput(props: {
  testId: string;
  step: number;
  value: number | "";
  onMs: (ms: number | null) => void;
  placeholder?: string;
  label?: string;
  disabled?: boolean;
}) {
  return (
    <input
      data-testid={props.testId}
      type="number"
      min={SEND_TIMEOUT_MS.min}
      max={SEND_TIMEOUT_MS.max}
      step={props.step}
      placeholder={props.placeholder}
      aria-label={props.label}
      className={`${inputClass} w-24`}
      disabled={props.disabled}
      value={props.value}
      onChange={(e) => {
        if (e.target.value === "") return props.onMs(null);
        const ms = Math.round(Number(e.target.value));
        if (Number.isFinite(ms) && ms >= SEND_TIMEOUT_MS.min && ms <= SEND_TIMEOUT_MS.max) props.onMs(ms);
      }}
    />
  );
}
