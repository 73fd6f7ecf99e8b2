/**
 * Between the playground's session state (lib/session) and the share state (links, session files). Pure.
 *
 * Opening a link never makes a stdio command from the link the active target: the session keeps its own
 * target until the user confirms the command (argv, cwd, env keys) in the Run live dialog. That way neither
 * Send, Probe nor Restart can spawn what a link chose without that confirmation.
 */
import type { Target } from "../bridge/contract";
import { sentText } from "../protocol/exchange";
import { activeEmulation } from "../protocol/emulation";
import { capabilitiesFrom, type EnvelopeSettings } from "../session/envelope";
import { PRESETS, type PresetId } from "../session/presets";
import { targetKey } from "../bridge/target";
import { selectTarget } from "../session/selectors";
import { ownLabel, recordedLabel, type SessionState, type TimelineEntry } from "../session/state";
import { exchangeTarget } from "./live";
import { parseJson, recordExchange, toExchange, type RecordedExchange, type ShareState } from "./state";
import { joinCommandLine } from "../bridge/command-line";

/** A card's target key (and target, when known): a link recorded against two servers shows two. */
function entryTarget(x: RecordedExchange, share: ShareState): { targetKey: string; target?: Target } {
  const where = exchangeTarget(x, share);
  return where.ok
    ? { targetKey: targetKey(where.target), target: where.target }
    : { targetKey: `unknown:${x.targetLabel}` };
}

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

/** The current session as a share state (secrets are stripped later, by the encoder). */
export function shareFromSession(session: SessionState): Checked<ShareState> {
  const view = selectTarget(session);
  if (view.kind !== "ready") return { ok: false, error: `The target is incomplete: ${view.problem}` };
  const caps = capabilitiesFrom(session.envelope);
  if (!caps.ok) return { ok: false, error: caps.error };
  const exchanges = session.entries.flatMap((e) => {
    if (e.phase.status !== "done") return [];
    // Cards opened from a link carry "recorded · <label>"; sharing them again keeps the original label.
    const label = ownLabel(e.label) ?? undefined;
    // Each exchange keeps its own target where it differs from the session's (B1: a link against two servers).
    const own = e.target && targetKey(e.target) !== view.key ? { target: e.target } : {};
    return [
      recordExchange(e.phase.exchange, {
        ...(label ? { label } : {}),
        ...own,
        ...(e.emulation ? { emulation: e.emulation } : {}),
      }),
    ];
  });
  return {
    ok: true,
    value: {
      target: view.target,
      editor: session.editor.text,
      capabilities: caps.value,
      protocolVersion: session.envelope.protocolVersion,
      era: "auto",
      ...(activeEmulation(session.envelope.emulate) ? { emulate: activeEmulation(session.envelope.emulate) } : {}),
      exchanges,
      omitted: [],
    },
  };
}

// A command line that lib/bridge/command-line.ts splits back into exactly `argv` (its home is there).
export { joinCommandLine };

function presetFor(target: Target): PresetId | undefined {
  return PRESETS.find((p) => p.target && JSON.stringify(p.target) === JSON.stringify(target))?.id;
}

/** Checkboxes when the capabilities are exactly what some combination of them declares, else the raw JSON. */
function envelopeFor(share: ShareState, base: EnvelopeSettings): EnvelopeSettings {
  const caps = { elicitationForm: false, elicitationUrl: false, sampling: false, roots: false };
  const c = share.capabilities;
  const elicitation = c.elicitation as Record<string, unknown> | undefined;
  caps.elicitationForm = JSON.stringify(elicitation?.form) === "{}";
  caps.elicitationUrl = JSON.stringify(elicitation?.url) === "{}";
  caps.sampling = JSON.stringify(c.sampling) === "{}";
  caps.roots = JSON.stringify(c.roots) === "{}";
  const fromBoxes = capabilitiesFrom({ ...base, caps, rawCapabilities: "" });
  const exact = fromBoxes.ok && JSON.stringify(fromBoxes.value) === JSON.stringify(c);
  return {
    ...base,
    protocolVersion: share.protocolVersion,
    caps: exact ? caps : base.caps,
    rawCapabilities: exact ? "" : JSON.stringify(c),
    emulate: share.emulate ?? {},
  };
}

/** Applies a target to the session's target form (used on open for safe targets, and after confirmation). */
export function withTarget(session: SessionState, target: Target): SessionState {
  const preset = presetFor(target);
  if (preset) return { ...session, preset };
  if (target.kind === "stdio") {
    return {
      ...session,
      preset: "custom-stdio",
      customStdio: {
        commandLine: joinCommandLine([target.command, ...target.args]),
        cwd: target.cwd ?? "",
        env: Object.entries(target.env ?? {}).map(([key, value]) => ({ key, value })),
      },
    };
  }
  if (target.kind === "http") {
    return {
      ...session,
      preset: "custom-http",
      customHttp: {
        url: target.url,
        headers: Object.entries(target.headers ?? {}).map(([key, value]) => ({ key, value })),
      },
    };
  }
  return session;
}

/** The highest numeric request id in the recorded frames, so the next template does not reuse one. */
function nextIdAfter(share: ShareState, current: number): number {
  let next = current;
  for (const x of share.exchanges) {
    const frame = parseJson(sentText(x));
    const id =
      frame.ok && frame.value && typeof frame.value === "object" ? (frame.value as { id?: unknown }).id : undefined;
    if (typeof id === "number" && Number.isInteger(id) && id >= next) next = id + 1;
  }
  return next;
}

/**
 * The session a link opens: its editor text, envelope and recorded exchanges (as finished timeline cards), on
 * the link's target unless that target is a stdio command (which waits for the Run live confirmation).
 */
export function sessionFromShare(
  share: ShareState,
  base: SessionState,
  opts: { sendIdPrefix?: "link" | "saved" } = {},
): SessionState {
  const prefix = opts.sendIdPrefix ?? "link";
  const entries: TimelineEntry[] = share.exchanges.map((x, i) => ({
    seq: i + 1,
    sendId: `${prefix}-${i + 1}`,
    label: recordedLabel(x.label),
    ...entryTarget(x, share),
    targetLabel: x.targetLabel,
    transport: x.transport,
    timeoutMs: x.timeoutMs,
    sent: sentText(x),
    notJson: !parseJson(sentText(x)).ok,
    oneLined: false,
    sendHeaders: null,
    ...(x.emulation ? { emulation: x.emulation } : {}),
    phase: { status: "done", exchange: { ...toExchange(x, i), sendId: `${prefix}-${i + 1}` } },
  }));
  const session: SessionState = {
    ...base,
    editor: { text: share.editor, version: base.editor.version + 1 },
    editorNotice: null,
    envelope: envelopeFor(share, base.envelope),
    entries,
    seq: Math.max(base.seq, entries.length),
    nextId: nextIdAfter(share, base.nextId),
    sendProblem: null,
  };
  return share.target.kind === "stdio" ? session : withTarget(session, share.target);
}
