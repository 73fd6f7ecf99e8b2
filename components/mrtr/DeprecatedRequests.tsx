"use client";
/**
 * sampling/createMessage and roots/list input requests: deprecated in 2026-07-28 (SEP-2577) but live on the
 * wire. The playground has no model: a human writes the assistant reply. Also the fallback for unknown kinds.
 */
import { DEPRECATED_KINDS, STOP_REASONS, type Draft, type InputRequestView } from "@/lib/protocol/mrtr";
import { Button, inputClass } from "../ui";
import { Problem } from "./ElicitActions";

function Deprecated({ kind }: { kind: keyof typeof DEPRECATED_KINDS }) {
  const d = DEPRECATED_KINDS[kind];
  return (
    <span
      data-testid="mrtr-deprecated"
      className="rounded bg-amber-200 px-1.5 py-0.5 text-[10px] font-semibold text-amber-900"
      title={`Deprecated in ${d.since} (${d.sep})`}
    >
      deprecated ({d.sep}): {d.migration}
    </span>
  );
}

function messagesText(params: Record<string, unknown>): string {
  const messages = Array.isArray(params.messages) ? params.messages : [];
  return messages
    .map((m) => {
      const msg = (m ?? {}) as { role?: string; content?: { text?: string } | { text?: string }[] };
      const content = Array.isArray(msg.content) ? msg.content : [msg.content];
      return `${msg.role ?? "?"}: ${content.map((c) => c?.text ?? "[non-text content]").join(" ")}`;
    })
    .join("\n");
}

/** What each editor of one input request gets: its key, its draft (of one kind) and the problem to show. */
interface RequestEditorProps<K extends Draft["kind"]> {
  k: string;
  request: InputRequestView;
  draft: Extract<Draft, { kind: K }>;
  problem: string | null;
  onChange(d: Draft): void;
}

export function SamplingRequest({ k, request, draft, problem, onChange }: RequestEditorProps<"sampling">) {
  const system = typeof request.params.systemPrompt === "string" ? request.params.systemPrompt : null;
  return (
    <div className="flex flex-col gap-2">
      <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
        <code>{k}</code> · sampling/createMessage · you are the model <Deprecated kind="sampling" />
      </p>
      {system ? <p className="text-xs text-slate-600 dark:text-slate-300">system: {system}</p> : null}
      <pre className="whitespace-pre-wrap rounded bg-slate-100 p-2 text-xs dark:bg-slate-800">
        {messagesText(request.params) || "(no messages)"}
      </pre>
      <p className="text-[11px] text-slate-600 dark:text-slate-400">
        maxTokens {String(request.params.maxTokens ?? "?")}
      </p>
      <textarea
        data-testid={`mrtr-sampling-text-${k}`}
        className={`${inputClass} min-h-12`}
        placeholder="The assistant's reply"
        value={draft.text}
        onChange={(e) => onChange({ ...draft, text: e.target.value })}
      />
      <div className="flex flex-wrap gap-2 text-xs">
        <label className="flex items-center gap-1">
          model{" "}
          <input
            className={inputClass}
            data-testid={`mrtr-sampling-model-${k}`}
            value={draft.model}
            onChange={(e) => onChange({ ...draft, model: e.target.value })}
          />
        </label>
        <label className="flex items-center gap-1">
          stopReason
          <select
            className={inputClass}
            value={draft.stopReason}
            onChange={(e) => onChange({ ...draft, stopReason: e.target.value })}
          >
            {STOP_REASONS.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <span className="text-slate-600 dark:text-slate-400">role: assistant</span>
      </div>
      <Problem text={problem} />
    </div>
  );
}

export function RootsRequest({ k, draft, problem, onChange }: Omit<RequestEditorProps<"roots">, "request">) {
  const update = (i: number, patch: Partial<{ uri: string; name: string }>) =>
    onChange({ ...draft, roots: draft.roots.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  return (
    <div className="flex flex-col gap-2">
      <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
        <code>{k}</code> · roots/list · which folders the server may see <Deprecated kind="roots" />
      </p>
      {draft.roots.map((r, i) => (
        <div key={i} className="flex gap-2">
          <input
            className={`${inputClass} flex-1 font-mono`}
            data-testid={`mrtr-root-uri-${k}-${i}`}
            value={r.uri}
            placeholder="file:///path"
            onChange={(e) => update(i, { uri: e.target.value })}
          />
          <input
            className={`${inputClass} w-28`}
            value={r.name ?? ""}
            placeholder="name"
            onChange={(e) => update(i, { name: e.target.value })}
          />
          <Button onClick={() => onChange({ ...draft, roots: draft.roots.filter((_, j) => j !== i) })}>Remove</Button>
        </div>
      ))}
      <Button className="w-fit" onClick={() => onChange({ ...draft, roots: [...draft.roots, { uri: "file:///" }] })}>
        Add root
      </Button>
      <Problem text={problem} />
    </div>
  );
}

export function UnknownRequest({ k, request, draft, problem, onChange }: RequestEditorProps<"unknown">) {
  return (
    <div className="flex flex-col gap-2">
      <p className="text-xs text-red-700 dark:text-red-300">
        <code>{k}</code> · {request.kind === "unknown" ? request.method : request.kind}: not an input request kind of
        2026-07-28. Write a response by hand if you want to see what the server does with it.
      </p>
      <textarea
        className={`${inputClass} font-mono`}
        value={draft.json}
        placeholder="{}"
        onChange={(e) => onChange({ ...draft, json: e.target.value })}
      />
      <Problem text={problem} />
    </div>
  );
}
